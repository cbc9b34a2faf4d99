import { readFileSync } from 'node:fs';
import { CORE_SCHEMA, load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { loadCategories } from '../../../core/demo/categories.ts';
import { phrasingSentence } from '../../../core/demo/phrasing.ts';
import { loadPhrasingLabels, loadPhrasings, PHRASING_LABELS_PATH } from '../../../core/demo/phrasings.ts';
import { loadDemo, readGroundTruth } from './demo-fixture.ts';

/**
 * The labels of the generator's phrasings (core/demo/phrasing-labels.yaml) name catalogue categories and existing
 * phrasings, and a generated scene's record of what it shows includes what the phrasings in its texts show.
 */

interface LabelsFile {
  version: number;
  categories: Record<string, { shows?: Record<string, string[]>; denies?: Record<string, string[]> }>;
}

const file = load(readFileSync(PHRASING_LABELS_PATH, 'utf8'), { schema: CORE_SCHEMA }) as LabelsFile;
const catalogueIds = new Set(loadCategories().categories.map((c) => c.id));
const phrasings = loadPhrasings();
const entries = Object.entries(file.categories).flatMap(([id, lists]) =>
  (['shows', 'denies'] as const).flatMap((kind) =>
    Object.entries(lists[kind] ?? {}).map(([text, ids]) => ({ id, kind, text, ids })),
  ),
);

describe('phrasing labels', () => {
  it('has a version and labels some phrasings', () => {
    expect(file.version).toBe(1);
    expect(entries.length).toBeGreaterThan(50);
  });

  it('names only catalogue categories, never the phrasing own one, each once per phrasing', () => {
    const bad = entries.flatMap(({ id, kind, text, ids }) => [
      ...(catalogueIds.has(id) ? [] : [`category ${id}`]),
      ...(Array.isArray(ids) && ids.length > 0 ? [] : [`${id} ${kind} 「${text}」: no ids`]),
      ...(ids ?? []).filter((x) => !catalogueIds.has(x)).map((x) => `${id} ${kind} 「${text}」: unknown ${x}`),
      ...(ids ?? []).filter((x) => x === id).map(() => `${id} ${kind} 「${text}」: its own category`),
      ...(new Set(ids).size === ids?.length ? [] : [`${id} ${kind} 「${text}」: repeated id`]),
    ]);
    expect(bad).toEqual([]);
  });

  it('labels only phrasings of phrasings.yaml, under the category they are written for', () => {
    const missing = entries
      .filter(({ id, text }) => {
        const own = phrasings.get(id);
        return !own || (!own.present.includes(text) && !own.absent.includes(text));
      })
      .map(({ id, kind, text }) => `${id} ${kind} 「${text}」`);
    expect(missing).toEqual([]);
  });

  it('never says a phrasing both shows and denies a category', () => {
    const both = [...loadPhrasingLabels()].filter(([, l]) => l.shows.some((id) => l.denies.includes(id)));
    expect(both.map(([text]) => text)).toEqual([]);
  });
});

describe('a generated scene with labelled phrasings', async () => {
  const demo = await loadDemo();
  interface Truth {
    scene_id: string;
    categories: string[];
    shows: string[];
    absent: string[];
    expressed: Record<string, string[]>;
  }
  const truths = await readGroundTruth<Truth>(demo);
  const labelled = [...loadPhrasingLabels()].map(([clause, labels]) => ({
    labels,
    sentences: [phrasingSentence(clause, 1).text, phrasingSentence(clause, 2).text],
  }));
  const used = (text: string) => labelled.filter(({ sentences }) => sentences.some((s) => text.includes(s)));

  it('shows what the phrasings in any of its texts show, and lacks what they deny unless it shows it', () => {
    let checked = 0;
    const wrong: string[] = [];
    for (const v of demo.rows.verbalizations) {
      const truth = truths.get(v.scene_id);
      if (!truth) throw new Error(`no record for scene ${v.scene_id}`);
      for (const { labels } of used(`${v.summary}\n${v.analysis_json}`)) {
        checked++;
        for (const id of labels.shows) if (!truth.shows.includes(id)) wrong.push(`${v.scene_id} lacks ${id}`);
        for (const id of labels.denies)
          if (!truth.shows.includes(id) && !truth.absent.includes(id)) wrong.push(`${v.scene_id} keeps ${id}`);
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(wrong).toEqual([]);
  });

  const sentencesOf = (id: string) =>
    (phrasings.get(id)?.present ?? []).flatMap((c) => [phrasingSentence(c, 1).text, phrasingSentence(c, 2).text]);
  const textsOf = (sceneId: string) =>
    demo.rows.verbalizations.filter((v) => v.scene_id === sceneId).map((v) => `${v.summary}\n${v.analysis_json}`);

  it('shows a chosen category when a text of the scene carries one of its phrasings, not when none says it', () => {
    const wrong: string[] = [];
    let unsaid = 0;
    for (const truth of truths.values()) {
      const texts = textsOf(truth.scene_id);
      for (const id of truth.categories) {
        const said = sentencesOf(id).some((s) => texts.some((t) => t.includes(s)));
        if (said && !truth.shows.includes(id)) wrong.push(`${truth.scene_id} drops ${id}`);
        if (!said && !truth.shows.includes(id)) unsaid++;
      }
    }
    expect(wrong).toEqual([]);
    expect(unsaid).toBeGreaterThan(0);
  });

  it('states what a valid analysis phrasing shows in that generation', () => {
    const wrong: string[] = [];
    for (const v of demo.rows.verbalizations) {
      const truth = truths.get(v.scene_id) as Truth;
      for (const id of truth.absent) if (truth.shows.includes(id)) wrong.push(`${v.scene_id} both shows ${id}`);
      if (v.analysis_status !== 'ok') continue;
      const expressed = truth.expressed[v.generation_id] ?? [];
      for (const { labels } of used(`${v.summary}\n${v.analysis_json}`))
        for (const id of labels.shows)
          if (!expressed.includes(id)) wrong.push(`${v.scene_id} ${v.generation_id} does not express ${id}`);
    }
    expect(wrong).toEqual([]);
  });
});
