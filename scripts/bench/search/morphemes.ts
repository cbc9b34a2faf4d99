/**
 * node scripts/bench/search/morphemes.ts --release DIR [--observations 1000]
 *
 * Bigrams or morphemes for the observation text index? Times kuromoji (morphemes) and the bigram builder on the same
 * observation texts and prints characters per second for each. The search indexes bigrams; kuromoji only reads queries.
 */
import { parseArgs } from 'node:util';
import { loadCatalog } from '../../../core/scenery-search/categories.ts';
import { evidencePhrases, indexedSegments } from '../../../core/scenery-search/corpus.ts';
import { readReleaseCorpus } from '../../../core/scenery-search/release-corpus.ts';
import { TextIndexBuilder } from '../../../core/scenery-search/text-index-builder.ts';
import { loadTokenizer } from '../../../core/scenery-search/tokenizer.ts';

const { values } = parseArgs({
  options: { release: { type: 'string' }, observations: { type: 'string', default: '1000' } },
});
if (!values.release) {
  process.stderr.write('usage: node scripts/bench/search/morphemes.ts --release DIR [--observations N]\n');
  process.exit(2);
}
const { observations } = await readReleaseCorpus(values.release);
const docs = observations.slice(0, Number(values.observations)).map(indexedSegments);
const chars = docs.reduce((sum, segments) => sum + segments.reduce((s, t) => s + t.length, 0), 0);
const tokenize = await loadTokenizer();

// Warm both up first (JIT), then time a full pass each.
for (const segments of docs.slice(0, 100)) for (const text of segments) tokenize(text);
let started = performance.now();
let morphemes = 0;
for (const segments of docs) for (const text of segments) morphemes += tokenize(text).length;
const kuromojiMs = performance.now() - started;

const builder = new TextIndexBuilder();
builder.registerPhrases(evidencePhrases(loadCatalog()).phrases);
started = performance.now();
for (const segments of docs) builder.addDocument(segments);
builder.finish();
const bigramMs = performance.now() - started;

const rate = (ms: number) => Math.round(chars / (ms / 1000));
console.log(
  JSON.stringify({
    observations: docs.length,
    chars,
    morphemes,
    kuromoji_chars_per_s: rate(kuromojiMs),
    bigram_index_chars_per_s: rate(bigramMs),
    bigram_speedup: Number((kuromojiMs / bigramMs).toFixed(1)),
  }),
);
