/**
 * The generator's own phrasings (phrasings.yaml): per category, clauses a vision-language model might write when a
 * photograph shows it (`present`) or when it remarks that it is missing (`absent`). They were written apart from the
 * scenery search's lists, so the search is evaluated on wording it has never seen; the search never reads them.
 */
import { readFileSync } from 'node:fs';
import { CORE_SCHEMA, load } from 'js-yaml';

export interface CategoryPhrasings {
  present: readonly string[];
  absent: readonly string[];
}

interface PhrasingsFile {
  version: number;
  categories: Record<string, { present?: string[]; absent?: string[] }>;
}

export const PHRASINGS_PATH = new URL('./phrasings.yaml', import.meta.url);

let cache: Map<string, CategoryPhrasings> | null = null;

/** Phrasings by category id, read once. */
export function loadPhrasings(path: URL | string = PHRASINGS_PATH): Map<string, CategoryPhrasings> {
  if (cache && path === PHRASINGS_PATH) return cache;
  const file = load(readFileSync(path, 'utf8'), { schema: CORE_SCHEMA }) as PhrasingsFile;
  const map = new Map<string, CategoryPhrasings>();
  for (const [id, lists] of Object.entries(file.categories))
    map.set(id, { present: lists.present ?? [], absent: lists.absent ?? [] });
  if (path === PHRASINGS_PATH) cache = map;
  return map;
}

/** The phrasings of one category; a category without any is a broken file, not a silent gap. */
export function phrasingsOf(id: string): CategoryPhrasings {
  const found = loadPhrasings().get(id);
  if (!found || found.present.length === 0) throw new Error(`core/demo/phrasings.yaml has no phrasing for ${id}`);
  return found;
}
