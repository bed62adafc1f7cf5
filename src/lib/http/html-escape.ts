/** The five characters markup escapes, and the references written for them (Astro writes the same). */
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

const UNESCAPES = Object.fromEntries(Object.entries(ESCAPES).map(([char, reference]) => [reference, char]));

/** Escapes text for HTML or XML element content and quoted attribute values. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);

/** Decodes the five references `escapeHtml` (and Astro) write; any other reference stays as it is. */
export const unescapeHtml = (text: string): string =>
  text.replace(/&(?:amp|lt|gt|quot|#39);/g, (reference) => UNESCAPES[reference]!);
