/** A run of a description: plain text, or code where the document wrote `backticks`. */
export interface TextRun {
  code: boolean;
  text: string;
}

/**
 * The CommonMark the document's descriptions use, reduced to what they hold: paragraphs
 * split by blank lines, and inline code. Anything else stays literal text.
 */
export function descriptionParagraphs(description: string): TextRun[][] {
  return description
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s*\n\s*/g, ' ').trim())
    .filter((paragraph) => paragraph !== '')
    .map((paragraph) =>
      paragraph
        .split('`')
        .map((text, index) => ({ code: index % 2 === 1, text }))
        .filter((run) => run.text !== ''),
    );
}
