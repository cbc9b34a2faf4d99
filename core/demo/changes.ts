/** Longitudinal changes per road group (a published edge): every category and status, long and short evidence. */
import type { ChangeCategory, ChangeRow, ChangeStatus } from '../release/types.ts';
import { CHANGE_SUBJECTS, LIMITATIONS, longEvidence, shortEvidence, VERDICTS } from './change-texts.ts';
import { GEN1, GEN2 } from './generations.ts';
import { cellId, round } from './geo.ts';
import { hexFor } from './ids.ts';
import type { EdgePlan } from './plan.ts';
import type { Rng } from './rng.ts';

export const CHANGE_CATEGORIES: readonly ChangeCategory[] = [
  '設備',
  '建物',
  '区画線・標示',
  '舗装',
  '沿道用途',
  '植栽',
  'その他',
];
const STATUSES: readonly ChangeStatus[] = ['supported', 'refuted', 'unverifiable', 'withdrawn'];
const STATUS_WEIGHTS = [0.6, 0.15, 0.15, 0.1];

export interface PlannedChange {
  row: ChangeRow;
  plan: EdgePlan;
}

export function buildChanges(
  rng: Rng,
  seed: number,
  roads: EdgePlan[],
  years: (p: EdgePlan) => number[],
  total: number,
): PlannedChange[] {
  const out: PlannedChange[] = [];
  const used = new Set<string>();
  for (let i = 0; i < total && roads.length > 0; i++) {
    // The first 28 rows walk every category × status pair; the rest follow realistic proportions.
    const forced = i < CHANGE_CATEGORIES.length * STATUSES.length;
    const category = forced ? (CHANGE_CATEGORIES[i % 7] as ChangeCategory) : rng.pick(CHANGE_CATEGORIES);
    const status = forced
      ? (STATUSES[Math.floor(i / 7)] as ChangeStatus)
      : (STATUSES[rng.weighted(STATUS_WEIGHTS)] as ChangeStatus);
    const plan = rng.pick(roads);
    const known = years(plan);
    const yearB = known.length > 0 ? (known[known.length - 1] as number) : 2024;
    const earlier = known.filter((y) => y < yearB);
    const yearA = earlier.length > 0 ? rng.pick(earlier) : Math.max(1995, yearB - rng.int(2, 8));
    const [subject, detail] = rng.pick(CHANGE_SUBJECTS[category]);
    const long = i % 3 === 0 || rng.chance(0.3);
    let id = `chg_${hexFor(`${seed}|change|${i}`, 12)}`;
    while (used.has(id)) id = `chg_${hexFor(`${id}|again`, 12)}`;
    used.add(id);
    const [lat, lon] = plan.edge.mid;
    const sameFamily = rng.chance(0.2);
    out.push({
      plan,
      row: {
        change_id: id,
        group_id: plan.edge.index + 1,
        lat: round(lat, 7),
        lon: round(lon, 7),
        year_a: yearA,
        year_b: yearB,
        category,
        subject,
        evidence:
          i % 17 === 5 ? null : long ? longEvidence(subject, detail, yearA, yearB) : shortEvidence(detail, yearB),
        segment_priority_score: rng.chance(0.6) ? null : rng.int(0, 100),
        status,
        cell_1km: cellId(lat, lon, 1000),
        scene_ids_a: null,
        scene_ids_b: null,
        verification:
          i % 13 === 7
            ? null
            : {
                method: 'adversarial_refutation',
                method_ja: '反証の試みによる検証',
                detector_model: GEN2.model,
                reviewer_model: sameFamily ? GEN2.model : GEN1.model,
                same_model_family: sameFamily,
                verdict: VERDICTS[status],
                limitations: rng.shuffled(LIMITATIONS).slice(0, rng.int(1, 3)),
              },
      },
    });
  }
  return out;
}
