/**
 * The held-out observations (test/search-eval/observations.yaml) as a small corpus of their own: how well the
 * index tags them with categories (precision and recall against `shows` / `absent`), and whether each one is found
 * by its categories' Japanese labels within a bbox around it, through the index file and engine the server uses.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CORE_SCHEMA, load } from 'js-yaml';
import type { CategoryCatalog } from '../../core/scenery-search/categories.ts';
import { buildCorpus, type Corpus, type CorpusObservation, tagsOf } from '../../core/scenery-search/corpus.ts';
import { createSearchEngine } from '../../core/scenery-search/engine.ts';
import { loadCorpus, saveCorpus } from '../../core/scenery-search/persist.ts';
import type { SearchMode } from '../../core/scenery-search/request.ts';
import { round3 } from './metrics.ts';

interface HeldOutObservation {
  id: string;
  text: string;
  shows: string[];
  absent?: string[];
  section?: string;
}

// A grid of synthetic capture positions, one cell apart; the bbox of a search reaches one cell around.
const ORIGIN = { lat: 34.5, lon: 135.5 };
const CELL = 0.001;
const COLUMNS = 20;

export function loadObservations(path: string): HeldOutObservation[] {
  return (load(readFileSync(path, 'utf8'), { schema: CORE_SCHEMA }) as { observations: HeldOutObservation[] })
    .observations;
}

/** A text about one aspect goes into that analysis section; any other into the summary, as a model writes them. */
function asCorpusObservation(o: HeldOutObservation, i: number): CorpusObservation {
  return {
    scene_id: String(900_000_000 + i),
    lat: ORIGIN.lat + Math.floor(i / COLUMNS) * CELL,
    lon: ORIGIN.lon + (i % COLUMNS) * CELL,
    ward: null,
    capture_year: 2024,
    generation: { id: 'held-out', version: 1 },
    summary: o.section ? '' : o.text,
    analysis: o.section ? { [o.section]: { description: o.text } } : null,
  };
}

/**
 * The index as the server serves it: built without observations or texts (as from the store), saved to an index
 * file and loaded back; the engine reads observations through a loader, as it reads them from the store.
 */
async function servedCorpus(records: CorpusObservation[], catalog: CategoryCatalog): Promise<Corpus> {
  const dir = await mkdtemp(join(tmpdir(), 'machimi-eval-observations-'));
  try {
    const path = join(dir, 'index.bin');
    const identity = { releaseId: 'held-out-observations' };
    const built = await buildCorpus(records, catalog, { keepObservations: false, keepTexts: false });
    await saveCorpus(built, catalog, path, identity);
    return await loadCorpus(path, catalog, identity);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function evaluateObservations(
  observations: HeldOutObservation[],
  catalog: CategoryCatalog,
  modes: SearchMode[],
  now: Date,
): Promise<Record<string, unknown>> {
  const records = observations.map(asCorpusObservation);
  const corpus = await servedCorpus(records, catalog);
  const byIndex = catalog.categories.map((c) => c.id);

  // Tagging. A tag is right when `shows` lists it and wrong when `absent` lists it or the text shows no category
  // at all (`shows: []`); any other tag is unjudged (the file leaves it open), counted apart.
  let right = 0;
  let wrong = 0;
  let unjudged = 0;
  let labelled = 0;
  let absentTagged = 0;
  let absentTotal = 0;
  observations.forEach((o, doc) => {
    const tags = new Set(tagsOf(corpus, doc).map((t) => byIndex[t] as string));
    labelled += o.shows.length;
    absentTotal += o.absent?.length ?? 0;
    for (const tag of tags) {
      if (o.shows.includes(tag)) right++;
      else if (o.shows.length === 0 || o.absent?.includes(tag)) wrong++;
      else unjudged++;
      if (o.absent?.includes(tag)) absentTagged++;
    }
  });
  const tagging = {
    observations: observations.length,
    labelled_categories: labelled,
    tags: right + wrong + unjudged,
    precision: round3(right / Math.max(1, right + wrong)),
    precision_counting_unjudged_as_wrong: round3(right / Math.max(1, right + wrong + unjudged)),
    recall: round3(right / Math.max(1, labelled)),
    unjudged_tags: unjudged,
    absent_categories_tagged: `${absentTagged}/${absentTotal}`,
  };
  console.log(`\n== held-out observations, tagging: ${JSON.stringify(tagging)}`);

  // End to end: each labelled category searched by its Japanese label within one cell around the observation.
  const byId = new Map(records.map((r) => [r.scene_id, r]));
  const engine = await createSearchEngine(corpus, catalog, {
    pageCache: false,
    loadObservations: async (ids) => new Map(ids.flatMap((id) => (byId.has(id) ? [[id, byId.get(id)]] : [])) as never),
  });
  await engine.warmUp();
  const endToEnd: Record<string, unknown> = {};
  for (const mode of modes) {
    let searches = 0;
    let found = 0;
    let foundMatching = 0;
    let observationsFullyFound = 0;
    for (const [doc, o] of observations.entries()) {
      const r = records[doc] as CorpusObservation;
      let all = o.shows.length > 0;
      for (const id of o.shows) {
        const label = catalog.byId.get(id)?.label;
        if (!label) throw new Error(`${o.id} shows unknown category ${id}`);
        const bbox: [number, number, number, number] = [
          r.lon - 1.5 * CELL,
          r.lat - 1.5 * CELL,
          r.lon + 1.5 * CELL,
          r.lat + 1.5 * CELL,
        ];
        const page = await engine.search({ query: label, mode, bbox, year_from: 0 }, now);
        searches++;
        const hit = page.results.some((x) => x.id === r.scene_id);
        if (hit) found++;
        if (hit && page.mode !== 'related') foundMatching++;
        all &&= hit;
      }
      if (all) observationsFullyFound++;
    }
    endToEnd[mode] = {
      searches,
      found_in_first_page: round3(found / Math.max(1, searches)),
      found_not_as_related: round3(foundMatching / Math.max(1, searches)),
      observations_found_by_every_category: round3(
        observationsFullyFound / Math.max(1, observations.filter((o) => o.shows.length > 0).length),
      ),
    };
    console.log(`== held-out observations, end to end, mode ${mode}: ${JSON.stringify(endToEnd[mode])}`);
  }
  return { tagging, end_to_end: endToEnd };
}
