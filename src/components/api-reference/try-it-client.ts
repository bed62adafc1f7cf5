/*
 * The "Try it" panels of an API reference page (`TryIt.astro`): revealed, each sends its form from the page with
 * `fetch` (same origin, so every response header but `Set-Cookie` is readable; the Fetch standard filters only those)
 * and shows the answer: the status, linked to its response's section, in a live region; the headers; the body,
 * pretty-printed when it is JSON and cut to its first lines until the reader asks for all of it.
 */

/** Lines of a body shown before the reader asks for all of it. */
const PREVIEW_LINES = 40;

/** What the panel says as it goes, in the page's language (`data-strings`). */
interface PanelStrings {
  sending: string;
  answer: string;
  failed: string;
  noBody: string;
  showAll: string;
  showFirst: string;
}

/** A status the reference documents, with its reason phrase and its response's anchor (`data-responses`). */
interface DocumentedStatus {
  status: string;
  reason: string;
  anchor: string;
}

/** The request a panel's form describes: its fields by where they go, empty ones left out. */
function requestOf(form: HTMLFormElement): { url: URL; init: RequestInit } {
  const url = new URL(form.getAttribute('action') ?? '', window.location.href);
  const headers = new Headers();
  const body = new URLSearchParams();
  for (const field of form.querySelectorAll<HTMLInputElement | HTMLSelectElement>('[data-in]')) {
    const name = field.dataset['name'] ?? '';
    if (field.value === '' || name === '') continue;
    if (field.dataset['in'] === 'query') url.searchParams.append(name, field.value);
    else if (field.dataset['in'] === 'header') headers.set(name, field.value);
    else body.append(name, field.value);
  }
  const init: RequestInit = { method: form.dataset['method'] ?? 'GET', headers, cache: 'no-store' };
  const mediaType = form.dataset['mediaType'];
  if (mediaType?.includes('json') === true) {
    headers.set('Content-Type', mediaType);
    init.body = JSON.stringify(Object.fromEntries(body));
  } else if (mediaType !== undefined) {
    init.body = body; // application/x-www-form-urlencoded;charset=UTF-8
  }
  return { url, init };
}

/** A body as shown: JSON pretty-printed, anything else as it came. */
function bodyText(text: string, contentType: string | null): string {
  if (contentType === null || !/\bjson\b/.test(contentType)) return text;
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** One panel, revealed and wired to its form. */
function enhancePanel(panel: HTMLElement): void {
  const form = panel.querySelector('form');
  const status = panel.querySelector<HTMLElement>('[data-try-it-status]');
  const answer = panel.querySelector<HTMLElement>('[data-try-it-answer]');
  const headersOut = panel.querySelector<HTMLElement>('[data-try-it-headers]');
  const bodyOut = panel.querySelector<HTMLElement>('[data-try-it-body]');
  const more = panel.querySelector<HTMLButtonElement>('[data-try-it-more]');
  const submit = panel.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!form || !status || !answer || !headersOut || !bodyOut || !more || !submit) return;
  const strings = JSON.parse(panel.dataset['strings'] ?? '{}') as PanelStrings;
  const documented = JSON.parse(panel.dataset['responses'] ?? '[]') as DocumentedStatus[];
  let lines: string[] = [];
  let inFlight = false;

  const showBody = (whole: boolean) => {
    const cut = !whole && lines.length > PREVIEW_LINES;
    bodyOut.textContent = (cut ? [...lines.slice(0, PREVIEW_LINES), '…'] : lines).join('\n');
    more.hidden = lines.length <= PREVIEW_LINES;
    more.setAttribute('aria-expanded', String(!cut));
    more.textContent = (cut ? strings.showAll : strings.showFirst)
      .replace('{lines}', String(cut ? lines.length : PREVIEW_LINES))
      .trim();
  };

  const showStatus = (response: Response) => {
    const known = documented.find((each) => each.status === String(response.status));
    const label = `${response.status} ${known?.reason ?? response.statusText}`.trim();
    const link = document.createElement('a');
    link.textContent = label;
    status.replaceChildren(`${strings.answer} `, known === undefined ? label : link);
    if (known !== undefined) link.href = `#${known.anchor}`;
  };

  more.addEventListener('click', () => showBody(more.getAttribute('aria-expanded') !== 'true'));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    // The button stays enabled and focused while the request runs (a disabled one would drop the focus).
    if (inFlight) return;
    inFlight = true;
    submit.setAttribute('aria-disabled', 'true');
    status.textContent = strings.sending;
    const { url, init } = requestOf(form);
    fetch(url, init)
      .then(async (response) => {
        const text = await response.text();
        showStatus(response);
        headersOut.textContent = [...response.headers].map(([name, value]) => `${name}: ${value}`).join('\n');
        lines = text === '' ? [strings.noBody] : bodyText(text, response.headers.get('Content-Type')).split('\n');
        showBody(false);
        answer.hidden = false;
      })
      .catch((error: unknown) => {
        status.textContent = strings.failed.replace('{message}', error instanceof Error ? error.message : '');
        answer.hidden = true;
      })
      .finally(() => {
        inFlight = false;
        submit.removeAttribute('aria-disabled');
      });
  });
  panel.hidden = false;
}

/** Reveals every "Try it" panel under `root` and makes it send its request. */
export function enhanceTryIt(root: ParentNode): void {
  for (const panel of root.querySelectorAll<HTMLElement>('[data-try-it]')) enhancePanel(panel);
}
