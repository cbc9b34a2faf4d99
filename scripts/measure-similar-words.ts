/**
 * node scripts/measure-similar-words.ts --vectors DIR [--method wording|centroid] [--thresholds 1,0.8,0.7,0.6]
 *   [--margin 0.1] [--observations FILE,FILE] [--show]
 *
 * Measures whether words close to a category in static word vectors raise observation tagging: each observations
 * file (default: the development and held-out sets) is tagged as the index tags it, then again with the close words
 * as extra patterns (rule `similar`); precision and recall as `npm run eval:search -- --parts observations` counts
 * them, and the tags added: right, wrong, unjudged (a category the file neither lists nor denies). `--show` prints
 * each added tag with the word that made it (read it on the development set only).
 *
 * DIR is the vocab folder of a spaCy model; chiVe's vectors come with the PyPI package ja-ginza (MIT; the vectors
 * Apache-2.0, 59 MB), unpacked without installing it:
 *   pip download --no-deps ja-ginza==5.3.0 -d /tmp/ginza && unzip -q /tmp/ginza/*.whl -d /tmp/ginza
 *   --vectors /tmp/ginza/ja_ginza/ja_ginza-5.3.0/vocab
 */
import { parseArgs } from 'node:util';
import { loadCatalog } from '../core/scenery-search/categories.ts';
import { buildCorpus, indexedSegments, tagsOf } from '../core/scenery-search/corpus.ts';
import { createTagger } from '../core/scenery-search/observation-tagger.ts';
import { loadTokenizer } from '../core/scenery-search/tokenizer.ts';
import { round3 } from './eval-search/metrics.ts';
import { loadObservations } from './eval-search/observations.ts';
import { type Closeness, similarWordPatterns } from './similar-words/candidates.ts';
import { readSpacyVectors } from './similar-words/spacy-vectors.ts';

const evalFile = (name: string) => new URL(`../test/search-eval/${name}`, import.meta.url).pathname;
const { values } = parseArgs({
  options: {
    vectors: { type: 'string' },
    method: { type: 'string', default: 'wording' },
    thresholds: { type: 'string', default: '1,0.8,0.7,0.6' },
    margin: { type: 'string', default: '0.1' },
    observations: { type: 'string', default: `${evalFile('dev/observations.yaml')},${evalFile('observations.yaml')}` },
    show: { type: 'boolean', default: false },
  },
});
if (!values.vectors) {
  process.stderr.write('usage: measure-similar-words --vectors SPACY_VOCAB_DIR [--method wording|centroid] …\n');
  process.exit(2);
}
const catalog = loadCatalog();
const tokenize = await loadTokenizer();
const vectors = readSpacyVectors(values.vectors);
const idOf = (index: number) => catalog.categories[index]?.id as string;

/** Each observation's tags as the index tags it (the base to improve on), by file. */
const files = (values.observations ?? '').split(',').map((path) => ({ path, observations: loadObservations(path) }));
const records = files.map(({ observations }) =>
  observations.map((o, i) => ({
    scene_id: String(i + 1),
    lat: 0,
    lon: 0,
    ward: null,
    capture_year: 2024,
    generation: { id: 'measure', version: 1 },
    summary: o.section ? '' : o.text,
    analysis: o.section ? { [o.section]: { description: o.text } } : null,
  })),
);
const baseTags = await Promise.all(
  records.map(async (r) => {
    const corpus = await buildCorpus(r, catalog, { keepObservations: false, keepTexts: false });
    return r.map((_, doc) => new Set(tagsOf(corpus, doc).map(idOf)));
  }),
);

function score(shows: string[], absent: string[] | undefined, tags: Set<string>) {
  const n = { right: 0, wrong: 0, unjudged: 0 };
  for (const t of tags) {
    if (shows.includes(t)) n.right++;
    else if (shows.length === 0 || absent?.includes(t)) n.wrong++;
    else n.unjudged++;
  }
  return n;
}

for (const threshold of (values.thresholds ?? '').split(',').map(Number)) {
  const how: Closeness = { method: values.method as Closeness['method'], threshold, margin: Number(values.margin) };
  const patterns = similarWordPatterns(catalog, tokenize, vectors, how);
  const similar = createTagger(catalog, tokenize, () => patterns);
  files.forEach(({ path, observations }, f) => {
    const before = { right: 0, wrong: 0, unjudged: 0 };
    const after = { right: 0, wrong: 0, unjudged: 0 };
    let labelled = 0;
    observations.forEach((o, doc) => {
      const base = baseTags[f]?.[doc] as Set<string>;
      const record = records[f]?.[doc] as (typeof records)[number][number];
      const spans = indexedSegments(record).flatMap((s) => similar.spans(s).map((x) => ({ ...x, text: s })));
      const added = new Map(
        spans.filter((s) => !s.denied && !base.has(idOf(s.category))).map((s) => [idOf(s.category), s]),
      );
      const all = new Set([...base, ...added.keys()]);
      labelled += o.shows.length;
      for (const [k, v] of Object.entries(score(o.shows, o.absent, base))) before[k as keyof typeof before] += v;
      for (const [k, v] of Object.entries(score(o.shows, o.absent, all))) after[k as keyof typeof after] += v;
      if (values.show)
        for (const [id, s] of added) {
          const mark = o.shows.includes(id) ? 'right' : o.shows.length === 0 || o.absent?.includes(id) ? 'wrong' : '?';
          console.log(`  ${o.id} ${mark} ${id} ← ${s.text.slice(s.start, s.end)} | ${o.text.slice(0, 50)}`);
        }
    });
    const figures = (n: typeof before) => ({
      precision: round3(n.right / Math.max(1, n.right + n.wrong)),
      recall: round3(n.right / Math.max(1, labelled)),
      unjudged: n.unjudged,
    });
    const name = path.replace(/.*search-eval\//, '');
    console.log(
      JSON.stringify({ file: name, ...how, words: patterns.length, before: figures(before), after: figures(after) }),
    );
  });
}
