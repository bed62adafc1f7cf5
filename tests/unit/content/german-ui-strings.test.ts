import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { informalWords } from '../../helpers/german-register.ts';

/**
 * Starlight's German interface strings, as the site shows them: Starlight's built-in ones
 * with the project's overrides (src/content/i18n/de.json) on top. Starlight's built-ins say
 * "du" in places; every such string must be overridden in the formal register.
 */
const overrides = JSON.parse(
  readFileSync(new URL('../../../src/content/i18n/de.json', import.meta.url), 'utf8'),
) as Record<string, string>;
// Starlight exports no path to its translation tables: import the shipped file directly.
const builtIn = (
  (await import(new URL('../../../node_modules/@astrojs/starlight/dist/translations/de.js', import.meta.url).href)) as {
    default: Record<string, string>;
  }
).default;

describe("Starlight's German interface strings", () => {
  it('says "Sie": no built-in string with "du", "dich", "dir" or "dein" is left without an override', () => {
    const effective = { ...builtIn, ...overrides };
    expect(Object.keys(builtIn).length).toBeGreaterThan(20);
    const informal = Object.entries(effective).filter(([, text]) => informalWords(text).length > 0);
    expect(informal).toEqual([]);
  });

  it('overrides only keys Starlight knows, so a renamed key cannot silently stop applying', () => {
    const english = Object.keys(builtIn);
    const unknown = Object.keys(overrides).filter((key) => !english.includes(key) && !key.startsWith('pagefind.'));
    expect(unknown).toEqual([]);
  });

  it('finds the informal forms it guards against, and not words that merely contain them', () => {
    expect(informalWords('Dieser Inhalt ist noch nicht in deiner Sprache verfügbar.')).toEqual(['deiner']);
    expect(informalWords('Hast du die URL geprüft? Such dir was aus.')).toEqual(['du', 'dir']);
    expect(informalWords('Prüfen Sie die URL, durchsuchen Sie die Dokumentation.')).toEqual([]);
  });
});
