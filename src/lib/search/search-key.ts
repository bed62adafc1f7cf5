/*
 * How text is folded for matching, by the biomarker browser's filter and the site search alike: a name matches
 * however it is spelled in case and accents.
 */

/** Text folded for matching (NFKD without combining marks, lower case, `ß` as `ss`): "Hémoglobine" = "HEMOGLOBINE". */
export const searchKey = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/\s+/g, ' ')
    .trim();
