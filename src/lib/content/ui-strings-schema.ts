import { z } from 'zod';

/** A short interface label: one line, no markup. */
const label = z.string().trim().min(1).max(120);

/** The interface strings of one locale, from `content/i18n/<lang>.yaml`. */
export const UiStringsSchema = z.strictObject({
  /** Site name in the header and after each page title in `<title>`. */
  siteName: label,
  /** Text of the skip link, the first focusable element of every page. */
  skipLink: label,
  /** Accessible name of the main navigation. */
  mainNavigation: label,
  /** Accessible name of the language switcher. */
  languageSwitcher: label,
  /** Heading of a long page's table of contents. */
  onThisPage: label,
  /** Link to the page's Markdown twin. */
  markdownVersion: label,
  /** Date line above the footer; `{date}` is replaced by the page's last update. */
  lastUpdated: label.includes('{date}'),
  /** Footer. */
  footer: z.strictObject({
    /** The educational-content disclaimer shown on every page. */
    disclaimer: z.string().trim().min(1).max(400),
    /** Accessible name of the footer's link list for machines. */
    machineReadable: label,
    /** Link text for the OpenAPI document. */
    openApi: label,
    /** Link text for the sitemap. */
    sitemap: label,
  }),
});

/** The interface strings of one locale. */
export type UiStrings = z.infer<typeof UiStringsSchema>;
