/**
 * node scripts/eval-search/query-factors.ts --features FILE.json
 *
 * Reads the table of score-features.ts and prints the pooled AUC of match_score per mode and per query file, as
 * served and times each candidate factor of the query as a whole (the same for every result of a query, so the
 * order of a page is unchanged and only the AUC across queries can move). Development sets only.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { rocAuc, round3 } from './metrics.ts';

interface Row {
  file: string;
  mode: string;
  score: number;
  relevant: boolean;
  hard: unknown[];
  soft: number;
  ignored: string[];
  shown: number;
  fully_tagged: number;
  interpretation_confidence: number | null;
  page: string;
  reading: {
    text_terms: string[];
    matched: (string | null)[];
    places: string[];
    years: string[];
    ignored: { text: string; reason: string }[];
  };
}

const { values } = parseArgs({ options: { features: { type: 'string' } } });
if (!values.features) {
  process.stderr.write('usage: query-factors.ts --features FILE.json (written by score-features.ts)\n');
  process.exit(2);
}
const rows = JSON.parse(readFileSync(values.features, 'utf8')) as Row[];
const words = (r: Row, reason: string) => r.ignored.filter((w) => w === reason).length;
// The spec's dropped_word, which the served score already holds for each of these words.
const DROPPED = 0.85;

/** Candidate factors of a query, each a reason a user could accept, at the strengths tried. */
const candidates: [string, (r: Row) => number][] = [
  ['served', () => 1],
  ...[0.9, 0.95, 1].map((d): [string, (r: Row) => number] => [
    `not_scenery word ${d}`,
    (r) => (d / DROPPED) ** words(r, 'not_scenery'),
  ]),
  ['words set aside counted once', (r) => (1 / DROPPED) ** Math.max(0, setAside(r) - 1)],
  ['unknown_place word 0.5', (r) => (0.5 / DROPPED) ** words(r, 'unknown_place')],
  ...[0.9, 1.1].map((s): [string, (r: Row) => number] => [`each soft condition ${s}`, (r) => s ** r.soft]),
  ...[0.9, 1.1].map((s): [string, (r: Row) => number] => [
    `each hard condition beyond one ${s}`,
    (r) => s ** Math.max(0, r.hard.length - 1),
  ]),
  ['(results shown / 24)^0.3', (r) => (Math.max(1, r.shown) / 24) ** 0.3],
  ['reading confidence^0.5', (r) => (r.interpretation_confidence ?? 1) ** 0.5],
  ...[0.8, 0.9, 1.16].map((d): [string, (r: Row) => number] => [
    `each word read only as text ${d}`,
    (r) => d ** textOnly(r).length,
  ]),
  ['share of content read as conditions^0.5', (r) => covered(r) ** 0.5],
  ['(scenes tagged with every hard category + 1)^0.02', (r) => (r.hard.length > 0 ? (r.fully_tagged + 1) ** 0.02 : 1)],
];

const SET_ASIDE = new Set(['not_scenery', 'unknown_place', 'negated_word']);

function setAside(r: Row): number {
  return words(r, 'not_scenery') + words(r, 'unknown_place') + words(r, 'negated_word');
}

/** The query's words left as text terms: neither a condition's wording, nor a place, nor a year. */
function textOnly(r: Row): string[] {
  const read = new Set(r.reading.matched.filter((m): m is string => m !== null));
  return r.reading.text_terms.filter((t) => !read.has(t));
}

/** Characters of the query read as conditions, places or years, over those and the words left as text or set aside. */
function covered(r: Row): number {
  const chars = (words: (string | null)[]) => words.reduce((n, w) => n + (w?.length ?? 0), 0);
  const read = chars(r.reading.matched) + chars(r.reading.places) + chars(r.reading.years);
  const left = chars(textOnly(r)) + chars(r.reading.ignored.filter((w) => SET_ASIDE.has(w.reason)).map((w) => w.text));
  return read + left === 0 ? 1 : read / (read + left);
}

function auc(list: Row[], factor: (r: Row) => number): string {
  const scored = list.map((r) => ({ s: r.score * factor(r), relevant: r.relevant }));
  const a = rocAuc(
    scored.filter((r) => r.relevant).map((r) => r.s),
    scored.filter((r) => !r.relevant).map((r) => r.s),
  );
  return a === null ? '-' : round3(a).toFixed(3);
}

const files = [...new Set(rows.map((r) => r.file))];
const name = (file: string) => file.split('/').pop() as string;
for (const mode of [...new Set(rows.map((r) => r.mode))]) {
  const list = rows.filter((r) => r.mode === mode);
  console.log(`== mode ${mode}: ${list.length} results; pooled | ${files.map(name).join(' | ')}`);
  for (const [label, factor] of candidates) {
    const perFile = files.map((f) =>
      auc(
        list.filter((r) => r.file === f),
        factor,
      ),
    );
    console.log(`${label.padEnd(52)} ${auc(list, factor)} | ${perFile.join(' | ')}`);
  }
}
