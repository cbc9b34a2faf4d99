/**
 * node scripts/eval-search/missed-tags.ts --release DIR [--limit N] [--category ID] [--examples N]
 *
 * Tagging recall on a demo release: per category, how many observations express it (the ground truth's `expressed`
 * for the generation served) and how many of those the tagger did not tag, with a few of the missed texts. A measure
 * of the tagger's reach, never a list to copy: the generator's wordings stay out of the search's lists.
 */
import { parseArgs } from 'node:util';
import { loadCatalog } from '../../core/scenery-search/categories.ts';
import { indexedSegments } from '../../core/scenery-search/corpus.ts';
import { loadTagger } from '../../core/scenery-search/observation-tagger.ts';
import { openEvalRelease } from './release.ts';

const { values } = parseArgs({
  options: {
    release: { type: 'string' },
    limit: { type: 'string' },
    category: { type: 'string' },
    examples: { type: 'string', default: '0' },
  },
});
if (!values.release) {
  process.stderr.write('usage: missed-tags.ts --release DIR [--limit N] [--category ID] [--examples N]\n');
  process.exit(2);
}
const catalog = loadCatalog();
const { observations, truth } = await openEvalRelease(values.release);
const tagger = await loadTagger(catalog);
const limit = values.limit ? Number(values.limit) : observations.length;

const rows = new Map<string, { expressed: number; missed: number; examples: string[] }>();
let expressed = 0;
let missed = 0;
for (const obs of observations.slice(0, limit)) {
  const stated = truth.get(obs.scene_id)?.expressed;
  if (!stated || stated.size === 0) continue;
  const segments = indexedSegments(obs);
  const { present } = tagger.tag(obs, segments);
  const tagged = new Set([...present].map((c) => catalog.categories[c]?.id));
  for (const id of stated) {
    if (values.category && values.category !== id) continue;
    const row = rows.get(id) ?? { expressed: 0, missed: 0, examples: [] };
    rows.set(id, row);
    row.expressed++;
    expressed++;
    if (tagged.has(id)) continue;
    row.missed++;
    missed++;
    // The segments that tagged nothing are where an unread statement most likely stands.
    const silent = segments.filter((s) => tagger.spans(s).every((span) => span.denied));
    if (row.examples.length < Number(values.examples)) row.examples.push(silent.join(' / '));
  }
}
console.log(`expressed ${expressed}, missed ${missed} (recall ${(1 - missed / expressed).toFixed(4)})`);
for (const [id, row] of [...rows].sort((a, b) => b[1].missed - a[1].missed)) {
  if (row.missed === 0) continue;
  console.log(`${row.missed} of ${row.expressed}\t${id}`);
  for (const e of row.examples) console.log(`\t\t${e.replaceAll('\n', ' ')}`);
}
