import { readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { checkGuides } from './marker-guides.ts';
import {
  CategorySourceSchema,
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

import { CatalogSourceError } from './marker-guides.ts';

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
