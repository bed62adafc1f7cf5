/**
 * Turns the stacked samples the server sends into WAI-ARIA tabs (APG "Tabs with automatic
 * activation"): the tablist shows, each language becomes a tabpanel, arrow keys, Home and
 * End move between tabs. The chosen language is remembered in localStorage under the
 * wrapper's `data-sync-key`, so every sample on this page and the next shows it.
 */
export function enhanceSampleTabs(root: Document): void {
  const groups = [...root.querySelectorAll<HTMLElement>('.sample-tabs')];
  for (const group of groups) setUpGroup(group, groups);
  const key = groups[0]?.dataset['syncKey'];
  const remembered = key === undefined ? null : readChoice(key);
  if (remembered !== null) for (const group of groups) select(group, remembered, false);
}

/** The tabs of one sample. */
const tabsOf = (group: HTMLElement) => [...group.querySelectorAll<HTMLButtonElement>('[role="tab"]')];

function setUpGroup(group: HTMLElement, groups: HTMLElement[]): void {
  const tablist = group.querySelector<HTMLElement>('[role="tablist"]');
  if (tablist === null || group.dataset['tabsReady'] === 'true') return;
  group.dataset['tabsReady'] = 'true';
  for (const tab of tabsOf(group)) {
    const panel = group.querySelector<HTMLElement>(`#${CSS.escape(tab.getAttribute('aria-controls') ?? '')}`);
    if (panel === null) continue;
    panel.setAttribute('role', 'tabpanel');
    panel.setAttribute('aria-labelledby', tab.id);
    panel.querySelector<HTMLElement>('.sample-heading')?.setAttribute('hidden', '');
    tab.addEventListener('click', () => choose(groups, group, tab.dataset['sampleLang'] ?? ''));
  }
  tablist.addEventListener('keydown', (event) => onKeydown(event, groups, group));
  tablist.hidden = false;
  const selected = tabsOf(group).find((tab) => tab.getAttribute('aria-selected') === 'true');
  select(group, selected?.dataset['sampleLang'] ?? '', false);
}

/** APG keyboard interaction: Left/Right wrap around, Home and End go to the ends. */
function onKeydown(event: KeyboardEvent, groups: HTMLElement[], group: HTMLElement): void {
  const tabs = tabsOf(group);
  const current = tabs.findIndex((tab) => tab === event.target);
  if (current < 0) return;
  const next =
    event.key === 'ArrowRight'
      ? (current + 1) % tabs.length
      : event.key === 'ArrowLeft'
        ? (current - 1 + tabs.length) % tabs.length
        : event.key === 'Home'
          ? 0
          : event.key === 'End'
            ? tabs.length - 1
            : -1;
  if (next < 0) return;
  event.preventDefault();
  choose(groups, group, tabs[next]!.dataset['sampleLang'] ?? '');
}

/** Shows `language` in every sample of the page, moves focus in `group`, and remembers it. */
function choose(groups: HTMLElement[], group: HTMLElement, language: string): void {
  for (const each of groups) select(each, language, each === group);
  const key = group.dataset['syncKey'];
  if (key !== undefined) writeChoice(key, language);
}

/** Selects the tab of `language` in `group`, if it has one; `focus` moves keyboard focus to it. */
function select(group: HTMLElement, language: string, focus: boolean): void {
  const tabs = tabsOf(group);
  if (!tabs.some((tab) => tab.dataset['sampleLang'] === language)) return;
  for (const tab of tabs) {
    const selected = tab.dataset['sampleLang'] === language;
    tab.setAttribute('aria-selected', String(selected));
    tab.tabIndex = selected ? 0 : -1;
    const panel = group.querySelector<HTMLElement>(`#${CSS.escape(tab.getAttribute('aria-controls') ?? '')}`);
    if (panel !== null) panel.hidden = !selected;
    if (panel !== null && selected) reachScrollingBlocks(panel);
    if (selected && focus) tab.focus();
  }
}

/**
 * Makes each code block of a panel just shown focusable if it scrolls: a block hidden at load
 * did not overflow then, so Expressive Code's script took its `tabindex` away and gives it
 * back only after its next resize check, while a scroll region must be reachable by keyboard.
 */
function reachScrollingBlocks(panel: HTMLElement): void {
  for (const pre of panel.querySelectorAll('pre')) if (pre.scrollWidth > pre.clientWidth) pre.tabIndex = 0;
}

/** The remembered language; storage may be unavailable (privacy modes), which is no error. */
function readChoice(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeChoice(key: string, language: string): void {
  try {
    window.localStorage.setItem(key, language);
  } catch {
    // Not remembered: the choice still holds on this page.
  }
}
