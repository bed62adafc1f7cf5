/** How long the status beside a copy button says that the text was copied. */
const STATUS_MS = 4_000;

/**
 * Reveals copy buttons where the Clipboard API exists; each copies `data-copy` and announces it in the live region
 * beside it.
 */
export function startCopyButtons(root: Document): void {
  if (navigator.clipboard === undefined) return;
  for (const button of root.querySelectorAll<HTMLButtonElement>('button.copy-button[data-copy]')) {
    button.hidden = false;
    const status = button.nextElementSibling;
    let timer: ReturnType<typeof setTimeout> | undefined;
    button.addEventListener('click', () => {
      void navigator.clipboard.writeText(button.dataset['copy'] ?? '').then(() => {
        if (!(status instanceof HTMLElement) || !status.matches('.copy-status')) return;
        status.textContent = button.dataset['copied'] ?? '';
        clearTimeout(timer);
        timer = setTimeout(() => (status.textContent = ''), STATUS_MS);
      });
    });
  }
}
