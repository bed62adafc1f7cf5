/**
 * Counts the seconds of the 429 page down (`RateLimitedContent.astro`) and opens the page again
 * once they are up, when the reader's new window has opened. The sentence is rebuilt each second
 * from its plural forms (`data-one`, `data-other`, `{seconds}` standing for the number), and the
 * notice that the page will open again by itself is shown.
 */
export function startRetryCountdown(root: Document): void {
  const sentence = root.querySelector<HTMLElement>('[data-retry-countdown]');
  let seconds = Number(sentence?.querySelector('strong')?.textContent);
  if (sentence === null || !Number.isInteger(seconds) || seconds < 1) return;
  const plural = new Intl.PluralRules(root.documentElement.lang || undefined);
  const notice = root.querySelector<HTMLElement>('[data-retry-notice]');
  if (notice !== null) notice.hidden = false;
  const timer = setInterval(() => {
    seconds -= 1;
    if (seconds <= 0) {
      clearInterval(timer);
      root.location.reload();
      return;
    }
    const template = sentence.dataset[plural.select(seconds) === 'one' ? 'one' : 'other'] ?? '';
    const [before = '', after = ''] = template.split('{seconds}');
    const number = root.createElement('strong');
    number.textContent = String(seconds);
    sentence.replaceChildren(before, number, after);
  }, 1000);
}
