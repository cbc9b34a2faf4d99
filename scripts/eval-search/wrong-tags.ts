/**
 * node scripts/eval-search/wrong-tags.ts --release DIR [--limit N] [--category ID] [--examples N]
 *
 * Where the tags a scene's ground truth lacks come from: for every word the tagger reads as a sighting (undenied
 * span) whose category the scene does not show, the words right after it, counted by their first characters, with
 * a few sentences each. A measure of the tagger's reading of context, never a list: nothing here writes a rule.
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
    examples: { type: 'string', default: '3' },
    after: { type: 'string', default: '3' },
    before: { type: 'boolean', default: false },
  },
});
if (!values.release) {
  process.stderr.write('usage: wrong-tags.ts --release DIR [--limit N] [--category ID] [--examples N]\n');
  process.exit(2);
}
const catalog = loadCatalog();
const { observations, truth } = await openEvalRelease(values.release);
const tagger = await loadTagger(catalog);
const afterLength = Number(values.after);

const byAfter = new Map<string, { n: number; right: number; examples: string[] }>();
let spans = 0;
let wrong = 0;
const limit = values.limit ? Number(values.limit) : observations.length;
for (const obs of observations.slice(0, limit)) {
  const shows = truth.get(obs.scene_id)?.categories;
  if (!shows) continue;
  for (const segment of indexedSegments(obs)) {
    const lower = segment.toLowerCase();
    for (const s of tagger.spans(segment)) {
      if (s.denied) continue;
      spans++;
      const id = catalog.categories[s.category]?.id as string;
      if (values.category && values.category !== id) continue;
      const context = values.before
        ? lower.slice(Math.max(0, s.start - afterLength), s.start)
        : lower.slice(s.end, s.end + afterLength);
      const key = `${s.source ?? 'label'} ${context}`;
      const row = byAfter.get(key) ?? { n: 0, right: 0, examples: [] };
      byAfter.set(key, row);
      if (shows.has(id)) {
        row.right++;
        continue;
      }
      wrong++;
      row.n++;
      if (row.examples.length < Number(values.examples))
        row.examples.push(
          `${id}: ${lower.slice(Math.max(0, s.start - 20), s.start)}[${lower.slice(s.start, s.end)}]${lower.slice(s.end, s.end + 20)}`,
        );
      byAfter.set(key, row);
    }
  }
}
console.log(`undenied spans ${spans}, of a category the scene does not show ${wrong}`);
for (const [key, row] of [...byAfter].sort((a, b) => b[1].n - a[1].n).slice(0, 80)) {
  console.log(`${row.n} wrong, ${row.right} right\t${key}`);
  for (const e of row.examples) console.log(`\t\t${e.replaceAll('\n', ' / ')}`);
}
