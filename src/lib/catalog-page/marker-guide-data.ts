import { parseMarkerGuides, type MarkerGuides } from '../catalog/marker-guides.ts';

/**
 * The bundled catalog's marker files, as the build read them: the site teaches from the same files the bundled origin
 * serves, whichever origin it proxies (a marker without a guide here gets a page without one).
 */
const MARKER_FILES = import.meta.glob<string>('@site-content/catalog/markers/*.yaml', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** The sources the guides cite (`content/catalog/sources.yaml`). */
const SOURCES_YAML =
  Object.values(
    import.meta.glob<string>('@site-content/catalog/sources.yaml', { query: '?raw', import: 'default', eager: true }),
  )[0] ?? '';

let parsed: MarkerGuides | undefined;

/** The markers' guides and their sources, parsed and checked once; a bad file fails the build's first render. */
export function markerGuides(): MarkerGuides {
  parsed ??= parseMarkerGuides(MARKER_FILES, SOURCES_YAML);
  return parsed;
}
