import type { MarkerPageView } from '../catalog-page/build-marker-page-view.ts';
import { loadSample, type Sample } from './sample-sources.ts';

/** The sample of a marker's page: the first panel that carries it, narrowed to it by uuid. */
export const MARKER_SAMPLE_ID = 'marker-fetch';

/**
 * The marker page's request sample (`content/samples/marker-fetch/`) with the marker's
 * panel, uuid, English name and unit in that panel filled in: what the sample prints.
 */
export function markerSample(view: MarkerPageView, baseUrl: string): Sample {
  const { marker, sampleTemplate } = view;
  const unit = sampleTemplate.endsWith('-uk') ? marker.unitUk : marker.unitEu;
  return loadSample(MARKER_SAMPLE_ID, {
    BASE_URL: baseUrl,
    TEMPLATE: sampleTemplate,
    MARKER_UUID: marker.uuid,
    MARKER_NAME: view.names.find((name) => name.lang === 'en')?.text ?? marker.name.text,
    MARKER_UNIT: unit ?? '',
  });
}
