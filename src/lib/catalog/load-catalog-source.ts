import { readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import {
  CategorySourceSchema,
  GUIDE_SECTIONS,
  GuideSourceSchema,
  MarkerFileSchema,
  type CategorySource,
  type GuideSource,
  type MarkerSource,
} from './source-schema.ts';

/** The bundled catalog as written in `content/catalog/`, validated. */
export interface CatalogSource {
  /** Categories in display order. */
  categories: CategorySource[];
  /** Markers in display order (category order, then file order), each with its category type. */
  markers: Array<MarkerSource & { category: string }>;
  /** The works the markers' guides cite, in file order. */
  sources: GuideSource[];
}

/** Raised when the data files do not match their schema; names the file and the field. */
class CatalogSourceError extends Error {
  override name = 'CatalogSourceError';
}

async function readYaml<T>(path: string, schema: z.ZodType<T>): Promise<T> {
  const result = schema.safeParse(parse(await readFile(path, 'utf8')));
  if (!result.success) throw new CatalogSourceError(`${path}:\n${z.prettifyError(result.error)}`);
  return result.data;
}

/** Every input a derived marker names must be another marker of the catalog. */
function checkDerivedFrom(markers: MarkerSource[]): void {
  const keys = new Set(markers.map((marker) => marker.key));
  for (const marker of markers) {
    for (const input of (marker.derivedFrom ?? []).flat()) {
      if (input === marker.key || !keys.has(input)) {
        throw new CatalogSourceError(`marker "${marker.key}": derivedFrom names "${input}", which is no other marker`);
      }
    }
  }
}

/**
 * Every source a guide cites and every marker it names as read together must exist; a marker is not read together with
 * itself, nor named twice.
 */
export function checkGuides(markers: MarkerSource[], sources: GuideSource[]): void {
  const keys = new Set(markers.map((marker) => marker.key));
  const ids = new Set<string>();
  for (const source of sources) {
    if (ids.has(source.id)) throw new CatalogSourceError(`sources.yaml: "${source.id}" is listed twice`);
    ids.add(source.id);
  }
  for (const { key, guide } of markers) {
    if (guide === undefined) continue;
    for (const section of GUIDE_SECTIONS) {
      for (const id of guide[section]?.sources ?? []) {
        if (!ids.has(id))
          throw new CatalogSourceError(`marker "${key}": guide.${section} cites "${id}", not in sources.yaml`);
      }
    }
    const related = new Set(guide.related);
    if (related.size !== guide.related.length)
      throw new CatalogSourceError(`marker "${key}": guide.related repeats a key`);
    for (const other of guide.related) {
      if (other === key || !keys.has(other)) {
        throw new CatalogSourceError(`marker "${key}": guide.related names "${other}", which is no other marker`);
      }
    }
  }
}

/**
 * Reads and validates `categories.yaml`, `markers/<type>.yaml` and `sources.yaml`; categories, `derivedFrom` inputs and
 * what guides cite must exist.
 */
export async function loadCatalogSource(dir: string): Promise<CatalogSource> {
  const categories = await readYaml(join(dir, 'categories.yaml'), z.array(CategorySourceSchema).min(1));
  const known = new Set(categories.map((category) => category.type));
  const byCategory = new Map<string, MarkerSource[]>();
  for (const file of (await readdir(join(dir, 'markers'))).filter((f) => f.endsWith('.yaml')).sort()) {
    const type = basename(file, '.yaml');
    if (!known.has(type)) throw new CatalogSourceError(`markers/${file}: no category "${type}" in categories.yaml`);
    byCategory.set(type, await readYaml(join(dir, 'markers', file), MarkerFileSchema));
  }
  const markers = categories.flatMap((category) =>
    (byCategory.get(category.type) ?? []).map((marker) => ({ ...marker, category: category.type })),
  );
  checkDerivedFrom(markers);
  const sources = await readYaml(join(dir, 'sources.yaml'), z.array(GuideSourceSchema));
  checkGuides(markers, sources);
  return { categories, markers, sources };
}
