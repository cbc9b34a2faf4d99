/**
 * node scripts/bench/search/tagging.ts --release DIR [--observations 20000] [--rounds 3] [--baseline-rules FILE]
 *
 * What the description rules (core/scenery-search/tag-descriptions.ts) cost the index build: times the observation
 * tagger with and without them on the same observations, alternating rounds so both see the same machine load, and
 * counts the tags each adds. Times are CPU milliseconds of the process. `--baseline-rules` times a third tagger with
 * another rules file (an earlier tag-descriptions.yaml), so a change to the rules is measured against it in one run.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { CORE_SCHEMA, load } from 'js-yaml';
import { loadCatalog } from '../../../core/scenery-search/categories.ts';
import { indexedSegments } from '../../../core/scenery-search/corpus.ts';
import { compileDescriptions, type DescriptionTable } from '../../../core/scenery-search/description-rules.ts';
import { createTagger, type ObservationTagger } from '../../../core/scenery-search/observation-tagger.ts';
import { readReleaseCorpus } from '../../../core/scenery-search/release-corpus.ts';
import { descriptionMatcher } from '../../../core/scenery-search/tag-descriptions.ts';
import { catalogWordingPatterns } from '../../../core/scenery-search/tag-patterns.ts';
import { loadTokenizer } from '../../../core/scenery-search/tokenizer.ts';

const { values } = parseArgs({
  options: {
    release: { type: 'string' },
    observations: { type: 'string', default: '20000' },
    rounds: { type: 'string', default: '3' },
    'baseline-rules': { type: 'string' },
  },
});
if (!values.release) {
  process.stderr.write('usage: node scripts/bench/search/tagging.ts --release DIR [--observations N] [--rounds N]\n');
  process.exit(2);
}
const { observations } = await readReleaseCorpus(values.release);
const docs = observations.slice(0, Number(values.observations)).map((o) => ({ o, segments: indexedSegments(o) }));
const catalog = loadCatalog();
const tokenize = await loadTokenizer();
const taggers: Record<string, ObservationTagger> = {
  wordings: createTagger(catalog, tokenize, catalogWordingPatterns, null),
  with_descriptions: createTagger(catalog, tokenize, catalogWordingPatterns),
};
const baselineFile = values['baseline-rules'];
if (baselineFile) {
  const table = (
    load(readFileSync(baselineFile, 'utf8'), { schema: CORE_SCHEMA }) as { descriptions: DescriptionTable }
  ).descriptions;
  taggers.baseline_descriptions = createTagger(catalog, tokenize, catalogWordingPatterns, (c, t) =>
    descriptionMatcher(compileDescriptions(c, t, table), t),
  );
}

// CPU time of this process rather than wall time: the machine is shared, and a busy neighbour stretches wall time.
function pass(tagger: ObservationTagger): { ms: number; tags: number } {
  const started = process.cpuUsage();
  let tags = 0;
  for (const { o, segments } of docs) tags += tagger.tag(o, segments).present.size;
  const used = process.cpuUsage(started);
  return { ms: (used.user + used.system) / 1000, tags };
}

// One warm-up pass each (JIT, and the denial cache both share), then alternating timed rounds.
for (const tagger of Object.values(taggers)) pass(tagger);
const times: Record<string, number[]> = Object.fromEntries(Object.keys(taggers).map((name) => [name, []]));
const tags: Record<string, number> = {};
for (let round = 0; round < Number(values.rounds); round++) {
  for (const [name, tagger] of Object.entries(taggers)) {
    const r = pass(tagger);
    times[name]?.push(Math.round(r.ms));
    tags[name] = r.tags;
  }
}
// The fastest round of each: on a shared machine a neighbour only ever adds time (cache, memory bandwidth).
const fastest = (xs: number[]) => Math.min(...xs);
const base = fastest(times.wordings as number[]);
const withRules = fastest(times.with_descriptions as number[]);
console.log(
  JSON.stringify({
    observations: docs.length,
    ms: times,
    fastest_ms: Object.fromEntries(Object.entries(times).map(([name, xs]) => [name, fastest(xs)])),
    added_cpu: `${(((withRules - base) / base) * 100).toFixed(1)} %`,
    ...(times.baseline_descriptions
      ? {
          baseline_added_cpu: `${(((fastest(times.baseline_descriptions) - base) / base) * 100).toFixed(1)} %`,
        }
      : {}),
    tags,
  }),
);
