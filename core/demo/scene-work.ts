/** Everything written for one scene: its row, verbalizations, machine features, amenities and ground truth. */
import type { AmenityKind, AmenityRow, EvidenceQuote, SceneRow } from '../release/types.ts';
import type { CategoryCatalog } from './categories.ts';
import { hexFor } from './ids.ts';
import type { SceneStory } from './observation.ts';
import type { EdgePlan, Pass } from './plan.ts';
import type { Rng } from './rng.ts';
import type { SceneCategoryPicker } from './scene-categories.ts';
import type { TallyScene } from './tally.ts';
import type { WrittenVerbalization } from './verbalize.ts';
import { verbalizeScene } from './verbalize.ts';

export const AMENITY_CATEGORIES: readonly [string, AmenityKind, string][] = [
  ['vending_machines', 'vending_machine', 'vm'],
  ['public_toilet', 'toilet', 'tl'],
  ['bench', 'bench', 'bn'],
];

export interface SceneWork {
  categories: number[];
  verbalizations: WrittenVerbalization[];
  amenities: AmenityRow[];
  tally: TallyScene;
  groundTruth: Record<string, unknown>;
}

const BACKGROUND_QUOTES = new Set([
  'asphalt_pavement',
  'utility_poles',
  'overhead_wires',
  'road_markings',
  'manhole_cover',
]);

export interface SceneWorkInput {
  row: SceneRow;
  plan: EdgePlan;
  pass: Pass;
  catalog: CategoryCatalog;
  picker: SceneCategoryPicker;
  rngs: { categories: Rng; text: Rng; sides: Rng };
}

/** The verbalization a profile is aggregated from: the newest released one with a valid analysis. */
function judging(verbs: WrittenVerbalization[]): WrittenVerbalization | undefined {
  return [...verbs].reverse().find((v) => v.row.status === 'released' && v.valid);
}

export function workScene(input: SceneWorkInput): SceneWork {
  const { row, plan, pass, catalog, rngs } = input;
  const moment = { month: pass.month, hour: pass.hour, weather: pass.weather };
  const categories = input.picker.pick(rngs.categories, plan.ctx.tags, moment);
  const story: SceneStory = {
    sceneId: row.id,
    categories: categories.map((i) => catalog.categories[i]).filter((c) => c !== undefined),
    absent: input.picker
      .absent(plan.ctx.tags, categories)
      .map((i) => catalog.categories[i])
      .filter((c) => c !== undefined),
    tags: plan.ctx.tags,
    moment,
    viewClass: row.view_class,
    isPano: row.is_pano,
    cameraType: row.camera_type,
    captureYear: row.capture_year,
    landmarks: plan.ctx.landmarks,
    streetName: plan.edge.name,
    highway: plan.edge.highway,
  };
  const verbalizations = verbalizeScene(rngs.text, row, story);
  const judge = judging(verbalizations);
  let quote: EvidenceQuote | null = null;
  if (judge) {
    const entries = [...judge.observation.quotes.entries()].filter(
      ([i]) => !BACKGROUND_QUOTES.has(catalog.categories[i]?.id ?? ''),
    );
    const chosen = entries.length > 0 ? rngs.text.pick(entries) : undefined;
    if (chosen) {
      const category = catalog.categories[chosen[0]]?.id ?? 'unknown';
      quote = {
        scene_id: row.id,
        category,
        capture_year: row.capture_year,
        field: chosen[1].field,
        text: chosen[1].text,
      };
    }
  }
  const [leftUse, rightUse] = plan.ctx.sideUses;
  const flip = rngs.sides.chance(0.3);
  const tally: TallyScene = {
    sceneId: row.id,
    year: row.capture_year,
    sequenceId: row.sequence_id,
    isPano: row.is_pano === true,
    judgedCategories: judge ? [...judge.observation.expressed] : null,
    quote,
    sides: flip ? [rightUse, leftUse] : [leftUse, rightUse],
    tsuranari: [rngs.sides.chance(plan.ctx.tsuranari), rngs.sides.chance(plan.ctx.tsuranari)],
    landmarks: plan.ctx.landmarks,
  };
  // The ground truth is what the scene's texts state, both ways: it shows what a piece of any of its texts shows (a
  // phrasing, the kind of place, a title, a sign, a structured value; text-labels.yaml, phrasing-labels.yaml) and
  // nothing the texts leave unsaid; it lacks what a piece denies unless another shows it. A broken analysis states
  // what survives of it in the written JSON. Each generation expresses what its indexed text (the summary alone
  // when the analysis is broken) states.
  const shows = new Set<string>();
  const absent = new Set<string>();
  const expressed: Record<string, string[]> = {};
  const inCatalogueOrder = (ids: Set<string>) => catalog.categories.map((c) => c.id).filter((id) => ids.has(id));
  for (const v of verbalizations) {
    const indexed = new Set<string>();
    for (const s of v.observation.statements) {
      const written = s.where !== 'analysis' || v.row.analysis_json.includes(s.text);
      for (const id of written ? s.shows : []) shows.add(id);
      for (const id of written ? s.denies : []) absent.add(id);
      if (s.where === 'summary' || (s.where === 'analysis' && v.valid)) for (const id of s.shows) indexed.add(id);
    }
    expressed[v.spec.id] = inCatalogueOrder(indexed);
  }
  for (const id of shows) absent.delete(id);
  return {
    categories,
    verbalizations,
    amenities: row.quarantined || row.capture_year === null ? [] : amenitiesOf(row, verbalizations, catalog, rngs.text),
    tally,
    groundTruth: {
      scene_id: row.id,
      capture_year: row.capture_year,
      quarantined: row.quarantined,
      categories: categories.map((i) => catalog.categories[i]?.id ?? ''),
      shows: inCatalogueOrder(shows),
      absent: inCatalogueOrder(absent),
      expressed,
    },
  };
}

function amenitiesOf(row: SceneRow, verbs: WrittenVerbalization[], catalog: CategoryCatalog, rng: Rng): AmenityRow[] {
  const out: AmenityRow[] = [];
  for (const [categoryId, kind, prefix] of AMENITY_CATEGORIES) {
    const index = catalog.byId.get(categoryId)?.index;
    if (index === undefined) continue;
    const saying = verbs.filter((v) => v.row.status !== 'deprecated' && v.observation.expressed.has(index));
    const best = saying[saying.length - 1];
    if (!best) continue;
    const quote = best.observation.quotes.get(index);
    out.push({
      id: `${prefix}_${hexFor(`${row.id}|${kind}`, 12)}`,
      kind,
      scene_id: row.id,
      lat: row.lat,
      lon: row.lon,
      capture_year: row.capture_year as number,
      evidence: quote?.text ?? best.row.summary,
      object_position: quote?.position ?? null,
      object_distance_m_est: rng.chance(0.2) ? null : Math.round(rng.range(2, 30) * 10) / 10,
      confidence: quote?.position && best.valid ? 'high' : 'medium',
      generation_id: best.spec.id,
      ward: row.ward,
      evidence_count: saying.length,
    });
  }
  return out;
}
