/** The scenery categories and presets as the search sees them (spec/scenery-categories.yaml is the source). */
import { readFileSync } from 'node:fs';
import { CORE_SCHEMA, load } from 'js-yaml';

export interface SearchCategory {
  /** Position in the file; category sets are bitsets over this index. */
  index: number;
  id: string;
  label: string;
  label_en: string;
  group: string;
  synonyms: string[];
  evidence: string[];
  /** Analysis sections where the evidence is written (the rubric trusts a mention there most). */
  fields: string[];
  negatable: boolean;
}

export interface SearchPreset {
  id: string;
  label: string;
  label_en: string;
  description: string;
  categories: string[];
}

export interface CategoryCatalog {
  categories: SearchCategory[];
  presets: SearchPreset[];
  groups: { id: string; label: string; label_en: string }[];
  byId: Map<string, SearchCategory>;
  presetById: Map<string, SearchPreset>;
}

interface CategoriesFile {
  groups: { id: string; label: string; label_en: string }[];
  categories: (Omit<SearchCategory, 'index' | 'negatable'> & { negatable?: boolean })[];
  presets: SearchPreset[];
}

export const CATEGORIES_FILE = new URL('../../spec/scenery-categories.yaml', import.meta.url);

/** Builds the catalog from the parsed YAML document (already validated by its schema in the spec tests). */
export function createCatalog(document: unknown): CategoryCatalog {
  const file = document as CategoriesFile;
  const categories = file.categories.map((c, index) => ({
    index,
    id: c.id,
    label: c.label,
    label_en: c.label_en,
    group: c.group,
    synonyms: c.synonyms,
    evidence: c.evidence,
    fields: c.fields,
    negatable: c.negatable !== false,
  }));
  const byId = new Map(categories.map((c) => [c.id, c]));
  for (const preset of file.presets) {
    for (const id of preset.categories) {
      if (!byId.has(id)) throw new Error(`preset ${preset.id} names unknown category ${id}`);
    }
  }
  return {
    categories,
    presets: file.presets,
    groups: file.groups,
    byId,
    presetById: new Map(file.presets.map((p) => [p.id, p])),
  };
}

export function loadCatalog(path: URL | string = CATEGORIES_FILE): CategoryCatalog {
  return createCatalog(load(readFileSync(path, 'utf8'), { schema: CORE_SCHEMA }));
}
