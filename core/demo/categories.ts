/** Reads spec/scenery-categories.yaml: the 168 categories the demo observations must express. */
import { readFileSync } from 'node:fs';
import { CORE_SCHEMA, load } from 'js-yaml';

export const ANALYSIS_SECTIONS = [
  'road_context',
  'road_structure',
  'geometry',
  'pavement',
  'markings_wear',
  'infrastructure',
  'mobility',
  'accessibility',
  'vegetation',
  'buildings',
  'water',
  'signage',
  'atmosphere',
  'landmarks',
  'seasonality',
] as const;

export type AnalysisSection = (typeof ANALYSIS_SECTIONS)[number];

export interface Category {
  /** Position in the file; used for compact per-scene sets. */
  index: number;
  id: string;
  label: string;
  group: string;
  evidence: string[];
  fields: AnalysisSection[];
  negatable: boolean;
}

export interface CategoryGroup {
  id: string;
  label: string;
}

export interface CategoryCatalog {
  categories: Category[];
  groups: CategoryGroup[];
  byId: Map<string, Category>;
}

export const CATEGORIES_PATH = new URL('../../spec/scenery-categories.yaml', import.meta.url);

interface RawCategory {
  id: string;
  label: string;
  group: string;
  evidence: string[];
  fields: string[];
  negatable?: boolean;
}

export function loadCategories(path: URL | string = CATEGORIES_PATH): CategoryCatalog {
  const raw = load(readFileSync(path, 'utf8'), { schema: CORE_SCHEMA }) as {
    categories: RawCategory[];
    groups: CategoryGroup[];
  };
  const sections = new Set<string>(ANALYSIS_SECTIONS);
  const categories = raw.categories.map((c, index) => ({
    index,
    id: c.id,
    label: c.label,
    group: c.group,
    evidence: c.evidence,
    fields: c.fields.filter((f): f is AnalysisSection => sections.has(f)),
    negatable: c.negatable !== false,
  }));
  for (const c of categories) if (c.fields.length === 0) c.fields = ['road_context'];
  return {
    categories,
    groups: raw.groups.map((g) => ({ id: g.id, label: g.label })),
    byId: new Map(categories.map((c) => [c.id, c])),
  };
}
