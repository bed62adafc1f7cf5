import type { MarkerPageView } from './build-marker-page-view.ts';
import { DEFAULT_LOCALE, type Locale } from '../content/locales.ts';
import { MARKER_SAMPLE_ID } from '../samples/prepared-sample-fragments.ts';
import { loadSample, type Sample } from '../samples/request-samples.ts';

export { MARKER_SAMPLE_ID };

/**
 * The values of the marker page's request sample (`content/samples/marker-fetch/`): the
 * marker's panel and uuid, the page's language (the default one where the catalog has no name in it),
 * and the marker's name in it and unit in that panel (after a space; nothing for a unitless ratio or index), which is
 * what the sample prints.
 */
export function markerSampleValues(view: MarkerPageView, baseUrl: string, locale: Locale): Record<string, string> {
  const { marker, sampleTemplate } = view;
  const unit = sampleTemplate.endsWith('-uk') ? marker.unitUk : marker.unitEu;
  const named =
    view.names.find((name) => name.lang === locale) ?? view.names.find((name) => name.lang === DEFAULT_LOCALE);
  return {
    BASE_URL: baseUrl,
    TEMPLATE: sampleTemplate,
    MARKER_UUID: marker.uuid,
    LOCALE: named?.lang ?? DEFAULT_LOCALE,
    MARKER_NAME: named?.text ?? marker.name.text,
    MARKER_UNIT: unit === undefined ? '' : ` ${unit}`,
  };
}

/** The marker page's request sample with the marker's values filled in, for a page in `locale`. */
export const markerSample = (view: MarkerPageView, baseUrl: string, locale: Locale): Sample =>
  loadSample(MARKER_SAMPLE_ID, markerSampleValues(view, baseUrl, locale), locale);
