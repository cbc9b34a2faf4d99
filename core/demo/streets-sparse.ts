/**
 * Sparse named streets. Left alone, the plan favours named edges so much that every named street collects enough
 * scenes, years and sequences for grade A, and the B-D grades, `has_karte: false` and `karte: null` would show on
 * town blocks only. So some named streets are planned thin, their grade bounded by construction under the rule in
 * profile.ts (gradeOf), whatever the scenes then say:
 * - D: one published edge of MIN_EDGE_SCENES (15) scenes, fewer than the 18 judged scenes C needs;
 * - C: two such edges, every pass in one capture year, so never B (B needs two years);
 * - B: three such edges in two capture years, so never A (A needs three).
 * C and B also need enough of their scenes judged (18, 30): most are, so they are likely, not certain.
 */
import type { Rng } from './rng.ts';

interface Tier {
  edges: number;
  years: number;
}

// Of every CYCLE named streets (in a seeded order), the first three are thin (D, C, B); the rest keep the usual plan.
const TIERS: readonly Tier[] = [
  { edges: 1, years: 1 },
  { edges: 2, years: 1 },
  { edges: 3, years: 2 },
];
const CYCLE = 8;
// Only a street the plan gave this many edges is thinned. Shorter ones (all of them in a city of a few thousand
// scenes) already spread over the grades, and such a city is planned exactly as it would be without this file.
const THIN_FROM = 8;
// Years of full camera coverage, so a thin street's passes look like the rest of the city's.
const YEARS = [2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025];

export interface ThinStreets<P> {
  /** Edges of thin streets beyond their tier's count: not published. */
  dropped: Set<P>;
  /** Each kept edge of a thin street and the one capture year of all its passes. */
  yearOf: Map<P, number>;
  /** The thin streets' names, so no other edge of theirs is published in place of a dropped one. */
  streets: Set<string>;
}

/** `streetOf` names an edge's street (null when unnamed); `chosen` are the edges the plan would publish. */
export function thinStreets<P>(rng: Rng, chosen: readonly P[], streetOf: (plan: P) => string | null): ThinStreets<P> {
  const byStreet = new Map<string, P[]>();
  for (const plan of chosen) {
    const street = streetOf(plan);
    if (street !== null) byStreet.set(street, [...(byStreet.get(street) ?? []), plan]);
  }
  const dropped = new Set<P>();
  const yearOf = new Map<P, number>();
  const streets = new Set<string>();
  let slot = 0;
  for (const street of rng.shuffled([...byStreet.keys()].sort())) {
    const tier = TIERS[slot % CYCLE];
    const edges = byStreet.get(street) ?? [];
    if (edges.length < THIN_FROM) continue;
    slot += 1;
    if (!tier) continue;
    streets.add(street);
    const years = rng.shuffled(YEARS).slice(0, tier.years);
    edges.forEach((plan, i) => {
      if (i < tier.edges) yearOf.set(plan, years[i % years.length] as number);
      else dropped.add(plan);
    });
  }
  return { dropped, yearOf, streets };
}
