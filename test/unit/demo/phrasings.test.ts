import { readdirSync, readFileSync } from 'node:fs';
import { CORE_SCHEMA, load } from 'js-yaml';
import { describe, expect, it } from 'vitest';

/**
 * The demo generator's own phrasings (core/demo/phrasings.yaml) cover the whole scenery catalogue and stay
 * independent of the search: no entry shares a phrase with the synonym or evidence lists of
 * spec/scenery-categories.yaml, and nothing under core/scenery-search reads the file. Failure messages name only
 * the phrasing (and the category whose list it touched), never the search's own text.
 */

interface Category {
  id: string;
  label: string;
  synonyms: string[];
  evidence: string[];
  negatable?: boolean;
}

interface PhrasingsFile {
  version: number;
  categories: Record<string, { present?: string[]; absent?: string[] }>;
}

const read = (path: string): string => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');
const catalogue = (load(read('spec/scenery-categories.yaml'), { schema: CORE_SCHEMA }) as { categories: Category[] })
  .categories;
const phrasings = load(read('core/demo/phrasings.yaml'), { schema: CORE_SCHEMA }) as PhrasingsFile;

const MIN_PRESENT = 3;
const MIN_ABSENT = 1;
const MIN_CHARS = 10;
const MAX_CHARS = 60;
/** A shared run of characters this long counts as a copied phrase (the length of the shortest clause). */
const SHARED_RUN_LIMIT = MIN_CHARS;

const entries = Object.entries(phrasings.categories).flatMap(([id, lists]) => [
  ...(lists.present ?? []).map((text) => ({ id, kind: 'present', text })),
  ...(lists.absent ?? []).map((text) => ({ id, kind: 'absent', text })),
]);
const nfkc = (s: string): string => s.normalize('NFKC');

/** Every run of `n` characters in a text. */
function runsOf(text: string, n: number): string[] {
  const chars = [...text];
  return chars.slice(0, Math.max(0, chars.length - n + 1)).map((_, i) => chars.slice(i, i + n).join(''));
}

describe('demo phrasings', () => {
  it('has a version and a map of categories', () => {
    expect(phrasings.version).toBe(1);
    expect(typeof phrasings.categories).toBe('object');
  });

  it('gives every catalogue category at least 3 present phrasings, and every negatable one an absent phrasing', () => {
    const short: string[] = [];
    for (const c of catalogue) {
      const lists = phrasings.categories[c.id];
      if ((lists?.present?.length ?? 0) < MIN_PRESENT) short.push(`${c.id}: present`);
      if (c.negatable === true && (lists?.absent?.length ?? 0) < MIN_ABSENT) short.push(`${c.id}: absent`);
      if (c.negatable !== true && (lists?.absent?.length ?? 0) > 0) short.push(`${c.id}: absent on a non-negatable`);
    }
    expect(short).toEqual([]);
  });

  it('names no category outside the catalogue', () => {
    const ids = new Set(catalogue.map((c) => c.id));
    expect(Object.keys(phrasings.categories).filter((id) => !ids.has(id))).toEqual([]);
  });

  it('holds one-clause phrasings of 10-60 characters, without the closing 。, each once', () => {
    const bad = entries
      .filter(({ text }) => {
        const n = [...text].length;
        return (
          typeof text !== 'string' || n < MIN_CHARS || n > MAX_CHARS || /[。\n]/.test(text) || text !== text.trim()
        );
      })
      .map(({ id, text }) => `${id}: ${text}`);
    expect(bad).toEqual([]);
    const seen = new Set<string>();
    const repeated = entries
      .filter(({ text }) => seen.size === seen.add(text).size)
      .map(({ id, text }) => `${id}: ${text}`);
    expect(repeated).toEqual([]);
  });

  it('avoids the category label verbatim in at least half of each category phrasings', () => {
    const labelHeavy: string[] = [];
    for (const c of catalogue) {
      const own = entries.filter((e) => e.id === c.id);
      const withLabel = own.filter((e) => e.text.includes(c.label)).length;
      if (withLabel * 2 > own.length) labelHeavy.push(`${c.id}: ${withLabel} of ${own.length}`);
    }
    expect(labelHeavy).toEqual([]);
  });

  // The search's synonym lists are mostly single words (電柱, 坂, …) that any caption of such a photo uses, and the
  // search is meant to find them: sharing a word is the point of the evaluation, copying a phrase is not. So a
  // phrasing may not contain an evidence phrase, nor a synonym entry as long as a clause (a sentence-like entry), nor be
  // contained in either; and no phrasing shares a run of SHARED_RUN_LIMIT characters with any of them (an edited copy).
  it('shares no phrase either way with the synonym and evidence lists of the search catalogue', () => {
    const searchText = catalogue.flatMap((c) => [
      ...c.synonyms.map((s) => ({ id: c.id, kind: 'synonym', text: nfkc(s) })),
      ...c.evidence.map((s) => ({ id: c.id, kind: 'evidence', text: nfkc(s) })),
    ]);
    expect(searchText.filter((s) => s.kind === 'evidence').length).toBeGreaterThan(0);
    const runs = new Map<string, { id: string; kind: string }>();
    for (const s of searchText) for (const run of runsOf(s.text, SHARED_RUN_LIMIT)) runs.set(run, s);
    const overlaps = new Set<string>();
    for (const e of entries) {
      const mine = nfkc(e.text);
      for (const run of runsOf(mine, SHARED_RUN_LIMIT)) {
        const s = runs.get(run);
        if (s !== undefined)
          overlaps.add(`${e.id} ${e.kind} 「${e.text}」 shares a long run with the ${s.kind} list of ${s.id}`);
      }
      for (const s of searchText) {
        if (s.text.length === 0) continue;
        const sentenceLike = s.kind === 'evidence' || [...s.text].length >= MIN_CHARS;
        const why =
          sentenceLike && mine.includes(s.text) ? 'contains' : s.text.includes(mine) ? 'is contained in' : undefined;
        // The search's text is not printed: the phrasing is rewritten without looking at it.
        if (why !== undefined)
          overlaps.add(`${e.id} ${e.kind} 「${e.text}」 ${why} an entry of the ${s.kind} list of ${s.id}`);
      }
    }
    expect([...overlaps]).toEqual([]);
  });

  it('is not read by the scenery search', () => {
    const dir = new URL('../../../core/scenery-search/', import.meta.url);
    const readers = readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.[cm]?[jt]s$/.test(f))
      .filter((f) => /phrasings|phrasing-labels|text-labels/.test(readFileSync(new URL(f, dir), 'utf8')));
    expect(readers).toEqual([]);
  });
});
