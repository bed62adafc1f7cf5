import type { MarkerPageView } from './build-marker-page-view.ts';

/**
 * The schema.org MedicalTest properties used, all from Thing. None of MedicalTest's own (normalRange, usedToDiagnose…):
 * the catalog holds no ranges and makes no diagnostic claims.
 *
 * @internal
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

/** The marker page's schema.org `MedicalTest`: names, description, uuid and key, and the page URL. */
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

/** JSON for an ld+json data block with `<` escaped, so no catalog text can close the element (HTML §4.12.1.3). */
export const jsonLdText = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');
