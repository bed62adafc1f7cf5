import { describe, expect, it } from 'vitest';
import { CATALOG_POLICY } from '../../../../src/lib/rate-limit/headers.ts';
import { fillPolicy } from '../../../../src/lib/rate-limit/policy-text.ts';

const { limit, windowSeconds } = CATALOG_POLICY;

describe('fillPolicy', () => {
  it("names the catalog policy's requests per window and the window, in English and German", () => {
    expect(fillPolicy('{limit} requests per {window} ({seconds} s)', 'en')).toBe(
      `${limit} requests per minute (${windowSeconds} s)`,
    );
    expect(fillPolicy('{limit} Anfragen pro {window}', 'de')).toBe(`${limit} Anfragen pro Minute`);
  });
});
