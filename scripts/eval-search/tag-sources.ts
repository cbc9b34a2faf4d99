/**
 * node scripts/eval-search/tag-sources.ts --release DIR [--limit N]
 *
 * How sure a tag is by what made it: for each source of the index's tags (core/scenery-search/tag-source.ts), the
 * tags it made on a demo release and the share of them the scene shows by its ground truth (DIR.ground-truth.ndjson.gz).
 * Columns: any (every tag the source made, other sources or not), only (the source alone stated it), strongest
 * (what the index stores) and hedged (every statement of it hedged). A measure of the sources, never a list: nothing
 * here writes or tunes a wording.
 */
import { parseArgs } from 'node:util';
import { loadCatalog } from '../../core/scenery-search/categories.ts';
import { evidencePhrases, indexedSegments } from '../../core/scenery-search/corpus.ts';
import { statesAbsence } from '../../core/scenery-search/negation.ts';
import { foldKana } from '../../core/scenery-search/normalize.ts';
import { loadTagger } from '../../core/scenery-search/observation-tagger.ts';
import { addSource, isHedged, sourceName, strongestSource, TAG_SOURCES } from '../../core/scenery-search/tag-source.ts';
import { TextIndexBuilder } from '../../core/scenery-search/text-index-builder.ts';
import { openEvalRelease } from './release.ts';

const { values } = parseArgs({ options: { release: { type: 'string' }, limit: { type: 'string' } } });
if (!values.release) {
  process.stderr.write('usage: tag-sources.ts --release DIR [--limit N]\n');
  process.exit(2);
}
const catalog = loadCatalog();
const { observations, truth } = await openEvalRelease(values.release);
const tagger = await loadTagger(catalog);
const { phrases, category: phraseCategory } = evidencePhrases(catalog);
const builder = new TextIndexBuilder();
builder.registerPhrases(phrases);

type Tally = { tags: number; right: number };
const columns = ['any', 'only', 'strongest', 'hedged'] as const;
const table = new Map<string, Record<(typeof columns)[number], Tally>>();
const tally = (source: string, column: (typeof columns)[number], right: boolean) => {
  const row = table.get(source) ?? Object.fromEntries(columns.map((c) => [c, { tags: 0, right: 0 }]));
  table.set(source, row as Record<(typeof columns)[number], Tally>);
  row[column].tags++;
  if (right) row[column].right++;
};

const limit = values.limit ? Number(values.limit) : observations.length;
for (const obs of observations.slice(0, limit)) {
  const shows = truth.get(obs.scene_id)?.categories;
  if (!shows) continue;
  const segments = indexedSegments(obs);
  const { sources } = tagger.tag(obs, segments);
  for (const hit of builder.addDocument(segments)) {
    const end = hit.start + (phrases[hit.phrase] as string).length;
    if (statesAbsence(foldKana((segments[hit.segment] as string).slice(end, end + 12)))) continue;
    const cat = phraseCategory[hit.phrase] as number;
    sources.set(cat, addSource(sources.get(cat) ?? 0, 'evidence', false));
  }
  for (const [cat, mask] of sources) {
    const right = shows.has(catalog.categories[cat]?.id as string);
    const plain = mask & 0xff;
    const all = plain | (mask >> 8);
    TAG_SOURCES.forEach((s, i) => {
      if (!(all & (1 << i))) return;
      tally(s, 'any', right);
      if (all === 1 << i) tally(s, 'only', right);
    });
    const stored = strongestSource(mask);
    tally(sourceName(stored), isHedged(stored) ? 'hedged' : 'strongest', right);
    tally('(all)', isHedged(stored) ? 'hedged' : 'strongest', right);
    tally('(all)', 'any', right);
  }
}

const cell = (t: Tally) => (t.tags === 0 ? '-' : `${t.tags} ${(t.right / t.tags).toFixed(3)}`);
console.log(`| source | ${columns.map((c) => `${c}: tags, share in truth`).join(' | ')} |`);
console.log(`| --- | ${columns.map(() => '---').join(' | ')} |`);
for (const [source, row] of [...table].sort((a, b) => a[0].localeCompare(b[0])))
  console.log(`| ${source} | ${columns.map((c) => cell(row[c])).join(' | ')} |`);
