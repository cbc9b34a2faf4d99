/**
 * node scripts/bench/search/positional.ts --release DIR
 *
 * What an index that answers wordings exactly without texts would cost: positional postings (each gram's positions
 * in each document holding it, so a term is found where its grams follow one another) beside the document postings
 * the index has. Prints, for the release's observations: characters, the document postings' bytes as packed today,
 * the gram occurrences and the bytes of their positions (per posting a count, then gaps, as variable-length
 * integers), the time to build each, and the same figures scaled linearly to 1 000 000 observations. Also the folded
 * texts' UTF-8 bytes, the other structure that answers exactly.
 */
import { parseArgs } from 'node:util';
import { indexedSegments, indexedText } from '../../../core/scenery-search/corpus.ts';
import { bigramKey, IntIdTable, unigramKey } from '../../../core/scenery-search/int-table.ts';
import { FOLD_TABLE } from '../../../core/scenery-search/normalize.ts';
import { readReleaseCorpus } from '../../../core/scenery-search/release-corpus.ts';
import { isHiragana } from '../../../core/scenery-search/text-index.ts';
import { TextIndexBuilder } from '../../../core/scenery-search/text-index-builder.ts';

const { values } = parseArgs({ options: { release: { type: 'string' } } });
if (!values.release) {
  process.stderr.write('usage: node scripts/bench/search/positional.ts --release DIR\n');
  process.exit(2);
}
const { observations } = await readReleaseCorpus(values.release);
const docs = observations.map(indexedSegments);

let started = performance.now();
const builder = new TextIndexBuilder();
for (const segments of docs) builder.addDocument(segments);
const index = builder.finish();
const postingsMs = performance.now() - started;

const varintBytes = (n: number) => (n < 0x80 ? 1 : n < 0x4000 ? 2 : n < 0x200000 ? 3 : 4);

// Positions of each gram in the current document, gathered per document and encoded as the builder would write them.
started = performance.now();
const grams = new IntIdTable(1 << 16);
const positions: number[][] = [];
let occurrences = 0;
let postings = 0;
let positionBytes = 0;
let chars = 0;
for (const segments of docs) {
  const touched: number[] = [];
  let at = 0;
  const note = (key: number) => {
    const id = grams.intern(key);
    while (id >= positions.length) positions.push([]);
    const list = positions[id] as number[];
    if (list.length === 0) touched.push(id);
    list.push(at);
  };
  for (const text of segments) {
    for (let i = 0; i < text.length; i++, at++) {
      const c = FOLD_TABLE[text.charCodeAt(i)] as number;
      const d = i + 1 < text.length ? (FOLD_TABLE[text.charCodeAt(i + 1)] as number) : 0;
      if (c === 10 || c === 0) continue;
      if (!isHiragana(c)) note(unigramKey(c));
      if (d !== 0 && d !== 10) note(bigramKey(c, d));
    }
    at++;
    chars += text.length;
  }
  for (const id of touched) {
    const list = positions[id] as number[];
    postings++;
    occurrences += list.length;
    positionBytes += varintBytes(list.length);
    let last = 0;
    for (const p of list) {
      positionBytes += varintBytes(p - last);
      last = p;
    }
    list.length = 0;
  }
}
const positionsMs = performance.now() - started;

let textBytes = 0;
for (const o of observations) textBytes += Buffer.byteLength(indexedText(o), 'utf8');

const scale = 1_000_000 / docs.length;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
console.log(`observations ${docs.length}, characters ${chars}`);
console.log(
  `document postings: ${postings} (gram, doc) pairs, ${mb(index.postingBytes)}, built in ${postingsMs.toFixed(0)} ms`,
);
console.log(
  `positions: ${occurrences} occurrences, ${mb(positionBytes)} (count + gaps), gathered in ${positionsMs.toFixed(0)} ms`,
);
console.log(`folded texts: ${mb(textBytes)} UTF-8`);
console.log(
  `at 1 000 000 (linear): document postings ${mb(index.postingBytes * scale)}, positions ${mb(positionBytes * scale)}, texts ${mb(textBytes * scale)}`,
);
