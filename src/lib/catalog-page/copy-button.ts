import type { ElementContent } from 'hast';
import { element, textHtml } from '../markdown/outline-html.ts';

/** What a copy button copies and says. */
export interface CopyButtonProps {
  text: string;
  /** The button's text, e.g. "Copy UUID". */
  label: string;
  /** Its accessible name where the text alone is ambiguous, e.g. "Copy UUID: Ferritin" in a list. */
  name?: string | undefined;
  /** What the status says once the text is copied. */
  copied: string;
}

/**
 * A button that copies `text` to the clipboard, and the status beside it that says so where the reader is. It needs
 * script (the Clipboard API), so it is `hidden` until the page's copy script (`CopyButtonScript.astro`, once per page)
 * reveals it; without script the text it would copy is selectable beside it. Styled by `catalog.css`.
 */
export const copyButton = ({ text, label, name, copied }: CopyButtonProps): ElementContent[] => [
  element(
    'button',
    {
      type: 'button',
      class: 'copy-button',
      'data-copy': text,
      'data-copied': copied,
      ...(name === undefined ? {} : { 'aria-label': name }),
      hidden: true,
    },
    [textHtml(label)],
  ),
  element('span', { class: 'copy-status', role: 'status' }),
];
