/**
 * node scripts/eval-search/tagging-misses.ts --observations FILE [--all]
 *
 * Lists, per observation of a development set, the categories it shows that the index did not tag (missed), the
 * tags it states absent or that an observation showing nothing got (wrong), and the tags the file leaves open
 * (unjudged), each tag with the words that gave it (a wording, a description rule, or the structured fields /
 * evidence phrases when no span names it). Development sets only: the held-out observations are measured by the
 * evaluation, never read one by one.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadCatalog } from '../../core/scenery-search/categories.ts';
import { buildCorpus, indexedSegments, tagsOf } from '../../core/scenery-search/corpus.ts';
import { loadTagger } from '../../core/scenery-search/observation-tagger.ts';
import { loadObservations } from './observations.ts';

const { values } = parseArgs({
  options: { observations: { type: 'string' }, all: { type: 'boolean', default: false } },
});
if (!values.observations) {
  process.stderr.write('usage: tagging-misses.ts --observations FILE [--all]\n');
  process.exit(2);
}
if (resolve(values.observations) === resolve('test/search-eval/observations.yaml')) {
  process.stderr.write('the held-out observations are not diagnosed one by one\n');
  process.exit(2);
}
const catalog = loadCatalog();
const observations = loadObservations(values.observations);
const records = observations.map((o, i) => ({
  scene_id: String(i),
  lat: 0,
  lon: 0,
  ward: null,
  capture_year: 2024,
  generation: { id: 'dev', version: 1 },
  summary: o.section ? '' : o.text,
  analysis: o.section ? { [o.section]: { description: o.text } } : null,
}));
const corpus = await buildCorpus(records, catalog);
const tagger = await loadTagger(catalog);
const idOf = (index: number) => catalog.categories[index]?.id as string;
const counts = { missed: 0, wrong: 0, unjudged: 0 };

observations.forEach((o, doc) => {
  const tags = new Set(tagsOf(corpus, doc).map(idOf));
  const why = new Map<string, string[]>();
  for (const segment of indexedSegments(records[doc] as (typeof records)[number]))
    for (const s of tagger.spans(segment)) {
      const id = idOf(s.category);
      const list = why.get(id) ?? [];
      list.push(`${s.denied ? '¬' : ''}${segment.slice(s.start, s.end)}${s.rule ? ` (${s.rule})` : ''}`);
      why.set(id, list);
    }
  const explain = (id: string) => `${id} [${(why.get(id) ?? ['fields or evidence']).join(', ')}]`;
  const missed = o.shows.filter((id) => !tags.has(id));
  const wrong = [...tags].filter((id) => o.absent?.includes(id) || o.shows.length === 0);
  const unjudged = [...tags].filter((id) => !o.shows.includes(id) && !wrong.includes(id));
  counts.missed += missed.length;
  counts.wrong += wrong.length;
  counts.unjudged += unjudged.length;
  if (!values.all && missed.length + wrong.length + unjudged.length === 0) return;
  console.log(`${o.id} ${o.text}`);
  if (missed.length > 0) console.log(`  missed: ${missed.map(explain).join('; ')}`);
  if (wrong.length > 0) console.log(`  wrong: ${wrong.map(explain).join('; ')}`);
  if (unjudged.length > 0) console.log(`  unjudged: ${unjudged.map(explain).join('; ')}`);
});
console.log(JSON.stringify(counts));
