import type { MarkerPageView } from './build-marker-page-view.ts';

/**
 * The schema.org properties a MedicalTest may carry that the page uses (from Thing: name,
 * alternateName, description, identifier, url; https://schema.org/MedicalTest). None of
 * MedicalTest's own properties (normalRange, usedToDiagnose, signDetected, affectedBy,
 * usesDevice) is used: the catalog holds no ranges and makes no diagnostic claims.
 */
export const MEDICAL_TEST_PROPERTIES = ['name', 'alternateName', 'description', 'identifier', 'url'] as const;

/** A schema.org PropertyValue naming one of the marker's permanent identifiers. */
interface IdentifierValue {
  '@type': 'PropertyValue';
  propertyID: string;
  value: string;
}

/** The marker as schema.org `MedicalTest` JSON-LD. */
export interface MarkerJsonLd {
  '@context': 'https://schema.org';
  '@type': 'MedicalTest';
  name: string;
  alternateName: string[];
  description?: string;
  identifier: IdentifierValue[];
  url: string;
}

/**
 * The marker page's structured data: a schema.org `MedicalTest` with the name in the
 * page's language, its other names, its description, its uuid and key, and the page URL.
 */
export function markerJsonLd(view: MarkerPageView, pageUrl: string): MarkerJsonLd {
  const { marker } = view;
  const alternateName = [...new Set(view.names.map((name) => name.text))].filter((name) => name !== marker.name.text);
  const identifier: IdentifierValue[] = [{ '@type': 'PropertyValue', propertyID: 'uuid', value: marker.uuid }];
  if (view.metadataKey !== undefined) {
    identifier.push({ '@type': 'PropertyValue', propertyID: 'key', value: view.metadataKey });
  }
  return {
    '@context': 'https://schema.org',
    '@type': 'MedicalTest',
    name: marker.name.text,
    alternateName,
    ...(marker.description === undefined ? {} : { description: marker.description.text }),
    identifier,
    url: pageUrl,
  };
}

/**
 * JSON for a `<script type="application/ld+json">` data block: `<` escaped, so no text of
 * the catalog can close the element (HTML §4.12.1.3 restrictions for script contents).
 */
export const jsonLdText = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');
