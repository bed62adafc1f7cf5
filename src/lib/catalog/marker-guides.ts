import { parse } from 'yaml';
import { z } from 'zod';
import {
  GUIDE_SECTIONS,
  GuideSourceSchema,
  MarkerFileSchema,
  type GuideSource,
  type MarkerGuideSource,
  type MarkerSource,
} from './source-schema.ts';

/** Raised when the data files do not match their schema or each other; names the file or marker and the field. */
export class CatalogSourceError extends Error {
  override name = 'CatalogSourceError';
}

/**
 * Every source a guide cites and every marker it names as read together must exist; a marker is not read together with
 * itself, nor named twice.
 */
export function checkGuides(markers: readonly MarkerSource[], sources: readonly GuideSource[]): void {
  const keys = new Set(markers.map((marker) => marker.key));
  const ids = new Set<string>();
  for (const source of sources) {
    if (ids.has(source.id)) throw new CatalogSourceError(`sources.yaml: "${source.id}" is listed twice`);
    ids.add(source.id);
  }
  for (const { key, guide } of markers) {
    for (const section of GUIDE_SECTIONS) {
      for (const id of guide[section]?.sources ?? []) {
        if (!ids.has(id)) {
          throw new CatalogSourceError(`marker "${key}": guide.${section} cites "${id}", not in sources.yaml`);
        }
      }
    }
    if (new Set(guide.related).size !== guide.related.length) {
      throw new CatalogSourceError(`marker "${key}": guide.related repeats a key`);
    }
    for (const other of guide.related) {
      if (other === key || !keys.has(other)) {
        throw new CatalogSourceError(`marker "${key}": guide.related names "${other}", which is no other marker`);
      }
    }
  }
}

/** The markers' guides by marker key, and the works they cite by id. */
export interface MarkerGuides {
  guides: ReadonlyMap<string, MarkerGuideSource>;
  sources: ReadonlyMap<string, GuideSource>;
}

function parseFile<T>(name: string, yaml: string, schema: z.ZodType<T>): T {
  const result = schema.safeParse(parse(yaml));
  if (!result.success) throw new CatalogSourceError(`${name}:\n${z.prettifyError(result.error)}`);
  return result.data;
}

/**
 * The guides of the marker files' YAML (by file name) and `sources.yaml`, validated as the build validates the catalog:
 * the site reads them from the same files, so a page teaches what the data holds.
 */
export function parseMarkerGuides(markerFiles: Readonly<Record<string, string>>, sourcesYaml: string): MarkerGuides {
  const markers = Object.entries(markerFiles).flatMap(([name, yaml]) => parseFile(name, yaml, MarkerFileSchema));
  const sources = parseFile('sources.yaml', sourcesYaml, z.array(GuideSourceSchema));
  checkGuides(markers, sources);
  return {
    guides: new Map(markers.map(({ key, guide }) => [key, guide])),
    sources: new Map(sources.map((source) => [source.id, source])),
  };
}
