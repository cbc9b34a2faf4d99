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

/** What a phrasing states besides its own category (phrasing-labels.yaml): ids it shows and ids it denies. */
export interface PhrasingLabels {
  shows: readonly string[];
  denies: readonly string[];
}

interface LabelsFile {
  version: number;
  categories: Record<string, { shows?: Record<string, string[]>; denies?: Record<string, string[]> }>;
}

export const PHRASING_LABELS_PATH = new URL('./phrasing-labels.yaml', import.meta.url);

const NO_LABELS: PhrasingLabels = { shows: [], denies: [] };
let labelsCache: Map<string, PhrasingLabels> | null = null;

/** Labels by phrasing text (every phrasing is written once, so the text alone names it), read once. */
export function loadPhrasingLabels(path: URL | string = PHRASING_LABELS_PATH): Map<string, PhrasingLabels> {
  if (labelsCache && path === PHRASING_LABELS_PATH) return labelsCache;
  const file = load(readFileSync(path, 'utf8'), { schema: CORE_SCHEMA }) as LabelsFile;
  const map = new Map<string, { shows: string[]; denies: string[] }>();
  for (const lists of Object.values(file.categories)) {
    for (const key of ['shows', 'denies'] as const) {
      for (const [text, ids] of Object.entries(lists[key] ?? {})) {
        const entry = map.get(text) ?? { shows: [], denies: [] };
        entry[key].push(...ids);
        map.set(text, entry);
      }
    }
  }
  if (path === PHRASING_LABELS_PATH) labelsCache = map;
  return map;
}

/** The other categories a phrasing shows or denies; none for a phrasing the labels file does not list. */
export function labelsOf(clause: string): PhrasingLabels {
  return loadPhrasingLabels().get(clause) ?? NO_LABELS;
}
