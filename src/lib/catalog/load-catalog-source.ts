import { readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { CategorySourceSchema, MarkerFileSchema, type CategorySource, type MarkerSource } from './source-schema.ts';

/** The bundled catalog as written in `content/catalog/`, validated. */
export interface CatalogSource {
  /** Categories in display order. */
  categories: CategorySource[];
  /** Markers in display order (category order, then file order), each with its category type. */
  markers: Array<MarkerSource & { category: string }>;
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

/** Reads and validates `categories.yaml` and `markers/<type>.yaml`; categories and `derivedFrom` inputs must exist. */
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
  return { categories, markers };
}
