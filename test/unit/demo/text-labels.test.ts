import { describe, expect, it } from 'vitest';
import { loadCategories } from '../../../core/demo/categories.ts';
import { LANDMARKS } from '../../../core/demo/landmarks.ts';
import { phrasingSentence } from '../../../core/demo/phrasing.ts';
import { loadPhrasingLabels, loadPhrasings } from '../../../core/demo/phrasings.ts';
import { loadTextLabels } from '../../../core/demo/text-labels.ts';
import { loadDemo, readGroundTruth } from './demo-fixture.ts';

/**
 * The wording outside the phrasings (core/demo/text-labels.yaml) names catalogue categories, and a generated scene's
 * ground truth is what its texts state, read back from the texts alone: every category it shows is stated by some
 * piece of a text (a phrasing, the kind of place, a title's label, a sign, a structured value), every stated one is
 * shown, and no text denies what the scene shows.
 */

const catalogue = loadCategories();
const ids = new Set(catalogue.categories.map((c) => c.id));
const file = loadTextLabels();
type Entry = { shows?: string[]; denies?: string[] };
const tables: [string, Record<string, Entry>][] = [
  ['settings', file.settings],
  ['labels', file.labels],
  ['signs', file.signs],
  ...Object.entries(file.fields).map(([path, values]): [string, Record<string, Entry>] => [path, values]),
];

describe('text labels', () => {
  it('names only catalogue categories, never one both shown and denied by a wording', () => {
    expect(file.version).toBe(1);
    const bad = tables.flatMap(([table, entries]) =>
      Object.entries(entries).flatMap(([wording, e]) => [
        ...[...(e.shows ?? []), ...(e.denies ?? [])]
          .filter((id) => !ids.has(id))
          .map((id) => `${table} ${wording} ${id}`),
        ...(e.shows ?? []).filter((id) => e.denies?.includes(id)).map((id) => `${table} ${wording} both ${id}`),
      ]),
    );
    expect(bad).toEqual([]);
  });

  it('labels catalogue labels and kinds of named place that exist', () => {
    const labels = new Set(catalogue.categories.map((c) => c.label));
    const kinds = new Set<string>([...LANDMARKS.map((l) => l.kind), '道路標識']);
    expect(Object.keys(file.labels).filter((l) => !labels.has(l))).toEqual([]);
    expect(Object.keys(file.signs).filter((k) => !kinds.has(k))).toEqual([]);
  });
});

/** Every piece of text whose presence states categories, and what it shows and denies. */
function pieces(): { text: string; where: 'title' | 'any'; shows: string[]; denies: string[] }[] {
  const out: { text: string; where: 'title' | 'any'; shows: string[]; denies: string[] }[] = [];
  const labels = loadPhrasingLabels();
  for (const [id, lists] of loadPhrasings()) {
    for (const [clause, own] of [
      ...lists.present.map((c) => [c, 'shows'] as const),
      ...lists.absent.map((c) => [c, 'denies'] as const),
    ]) {
      const l = labels.get(clause) ?? { shows: [], denies: [] };
      const shows = own === 'shows' ? [id, ...l.shows] : [...l.shows];
      const denies = own === 'denies' ? [id, ...l.denies] : [...l.denies];
      for (const version of [1, 2] as const)
        out.push({ text: phrasingSentence(clause, version).text, where: 'any', shows, denies });
    }
  }
  for (const [short, e] of Object.entries(file.settings))
    for (const text of [`${short}の街路を捉えた画像である。`, `${short}の街路の画像です。`, `"setting":"${short}"`])
      out.push({ text, where: 'any', shows: e.shows ?? [], denies: e.denies ?? [] });
  for (const c of catalogue.categories)
    out.push({ text: c.label, where: 'title', shows: [c.id, ...(file.labels[c.label]?.shows ?? [])], denies: [] });
  for (const l of LANDMARKS)
    out.push({ text: `「${l.name}」と書かれた表示`, where: 'any', shows: file.signs[l.kind]?.shows ?? [], denies: [] });
  out.push({ text: '道路標識に「', where: 'any', shows: file.signs.道路標識?.shows ?? [], denies: [] });
  for (const [path, values] of Object.entries(file.fields)) {
    const key = path.split('.')[1] as string;
    for (const [value, e] of Object.entries(values)) {
      const written = value === 'false' ? 'false' : JSON.stringify(value);
      out.push({ text: `"${key}":${written}`, where: 'any', shows: e.shows ?? [], denies: e.denies ?? [] });
    }
  }
  return out;
}

/** The catalogue label a title names: 「住宅地の細い路地」 (newer) or 「細い路地のある住宅地」, around the summary's kind of place. */
function titleLabel(title: string, summary: string): string {
  const short = summary.slice(0, summary.indexOf('の街路'));
  if (title.startsWith(`${short}の`)) return title.slice(short.length + 1);
  return title.endsWith(`のある${short}`) ? title.slice(0, -`のある${short}`.length) : title;
}

describe('a generated scene', async () => {
  const demo = await loadDemo();
  interface Truth {
    scene_id: string;
    categories: string[];
    shows: string[];
    absent: string[];
  }
  const truths = await readGroundTruth<Truth>(demo);
  const all = pieces();
  const piecesIn = (v: (typeof demo.rows.verbalizations)[number]) => {
    const body = `${v.summary}\n${v.analysis_json}`;
    const named = titleLabel(v.title, v.summary);
    return all.filter((p) => (p.where === 'title' ? named === p.text : body.includes(p.text)));
  };
  const stated = new Map<string, { shows: Set<string>; denies: Set<string> }>();
  for (const v of demo.rows.verbalizations) {
    const entry = stated.get(v.scene_id) ?? { shows: new Set<string>(), denies: new Set<string>() };
    for (const p of piecesIn(v)) {
      for (const id of p.shows) entry.shows.add(id);
      for (const id of p.denies) entry.denies.add(id);
    }
    stated.set(v.scene_id, entry);
  }

  it('shows exactly what its texts state', () => {
    const wrong: string[] = [];
    for (const truth of truths.values()) {
      const said = stated.get(truth.scene_id) ?? { shows: new Set<string>(), denies: new Set<string>() };
      for (const id of truth.shows) if (!said.shows.has(id)) wrong.push(`${truth.scene_id} shows unstated ${id}`);
      for (const id of said.shows) if (!truth.shows.includes(id)) wrong.push(`${truth.scene_id} lacks stated ${id}`);
      for (const id of said.denies)
        if (!said.shows.has(id) && !truth.absent.includes(id)) wrong.push(`${truth.scene_id} keeps denied ${id}`);
    }
    expect(stated.size).toBeGreaterThan(1000);
    expect(wrong).toEqual([]);
  });

  it('opens each summary with a kind of place whose labels are among the chosen categories of the scene', () => {
    const wrong: string[] = [];
    for (const v of demo.rows.verbalizations) {
      const short = /^(.+?)の街路(?:を捉えた画像である|の画像です)。/u.exec(v.summary)?.[1];
      if (!short) wrong.push(`${v.scene_id} summary opens without a kind of place`);
      const truth = truths.get(v.scene_id) as Truth;
      for (const id of file.settings[short ?? '']?.shows ?? [])
        if (!truth.shows.includes(id) || !truth.categories.includes(id))
          wrong.push(`${v.scene_id} ${short} without ${id}`);
    }
    expect(wrong).toEqual([]);
  });

  it('never writes a wording that denies what a text of the same scene shows', () => {
    const found = new Map<string, ReturnType<typeof piecesIn>>();
    for (const v of demo.rows.verbalizations) found.set(v.scene_id, [...(found.get(v.scene_id) ?? []), ...piecesIn(v)]);
    const wrong: string[] = [];
    for (const [scene, ps] of found) {
      const shown = new Set(ps.flatMap((p) => p.shows));
      for (const p of ps) for (const id of p.denies) if (shown.has(id)) wrong.push(`${scene} 「${p.text}」 ${id}`);
    }
    expect(wrong).toEqual([]);
  });
});
