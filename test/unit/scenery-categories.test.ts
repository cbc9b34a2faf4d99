import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { CORE_SCHEMA, load } from 'js-yaml';
import { describe, expect, it } from 'vitest';

interface Group {
  id: string;
  label: string;
  label_en: string;
}

interface Category {
  id: string;
  label: string;
  label_en: string;
  group: string;
  synonyms: string[];
  evidence: string[];
  fields: string[];
  negatable?: boolean;
}

interface Preset {
  id: string;
  label: string;
  categories: string[];
}

interface CategoriesFile {
  version: number;
  groups: Group[];
  categories: Category[];
  presets: Preset[];
}

const ANALYSIS_FIELDS = [
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
];
const PRESET_IDS = ['green_walk', 'waterside', 'retro', 'arcade', 'steps', 'flowers', 'shrine', 'brick'];

const readSpec = (name: string): string => readFileSync(new URL(`../../spec/${name}`, import.meta.url), 'utf8');
const file = load(readSpec('scenery-categories.yaml'), { schema: CORE_SCHEMA }) as CategoriesFile;
const schema = JSON.parse(readSpec('scenery-categories.schema.json')) as object;

// The search folds width and kana before matching, so two spellings that fold alike are the same search word.
const foldForSearch = (text: string): string =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u30a1-\u30f6]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0x60));

// Maps each folded word to the categories that claim it; a word claimed twice makes interpretation ambiguous.
const findSharedWords = (words: (c: Category) => string[]): string[] => {
  const owners = new Map<string, Set<string>>();
  for (const category of file.categories) {
    for (const word of words(category)) {
      const key = foldForSearch(word);
      owners.set(key, (owners.get(key) ?? new Set()).add(category.id));
    }
  }
  return [...owners].filter(([, ids]) => ids.size > 1).map(([word, ids]) => `${word}: ${[...ids].join(', ')}`);
};

describe('spec/scenery-categories.yaml', () => {
  it('validates against its JSON Schema', () => {
    const ajv = new Ajv2020({ allErrors: true, strict: true });
    const validate = ajv.compile(schema);
    expect(validate(file), ajv.errorsText(validate.errors)).toBe(true);
  });

  it('has exactly 168 categories with unique snake_case ids', () => {
    expect(file.categories).toHaveLength(168);
    const ids = file.categories.map((c) => c.id);
    for (const id of ids) expect(id).toMatch(/^[a-z][a-z0-9_]*$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('puts every category in a declared group and uses every group', () => {
    const groupIds = new Set(file.groups.map((g) => g.id));
    expect(groupIds.size).toBe(file.groups.length);
    for (const c of file.categories) expect(groupIds, c.id).toContain(c.group);
    const used = new Set(file.categories.map((c) => c.group));
    expect([...groupIds].filter((g) => !used.has(g))).toEqual([]);
  });

  it('gives every category labels, synonyms, evidence and allowed fields', () => {
    for (const c of file.categories) {
      expect(c.label.trim(), c.id).not.toBe('');
      expect(c.label_en.trim(), c.id).not.toBe('');
      expect(c.synonyms.length, c.id).toBeGreaterThanOrEqual(6);
      expect(c.evidence.length, c.id).toBeGreaterThanOrEqual(4);
      expect(c.fields.length, c.id).toBeGreaterThanOrEqual(1);
      for (const field of c.fields) expect(ANALYSIS_FIELDS, `${c.id}.fields`).toContain(field);
    }
  });

  it('has exactly the 8 presets, each referring to existing categories', () => {
    expect(file.presets.map((p) => p.id).sort()).toEqual([...PRESET_IDS].sort());
    const ids = new Set(file.categories.map((c) => c.id));
    for (const preset of file.presets) {
      expect(preset.categories.length, preset.id).toBeGreaterThanOrEqual(4);
      for (const id of preset.categories) expect(ids, preset.id).toContain(id);
    }
  });

  it('never gives one synonym (after width and kana folding) to two categories', () => {
    expect(findSharedWords((c) => c.synonyms)).toEqual([]);
  });

  it('never uses a category label as another category synonym', () => {
    expect(findSharedWords((c) => [...new Set([c.label, ...c.synonyms])])).toEqual([]);
  });

  it('never repeats an evidence phrase across categories', () => {
    expect(findSharedWords((c) => c.evidence)).toEqual([]);
  });
});
