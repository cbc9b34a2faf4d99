/** Named streets: the published edges of one name within one ward, numbered in a stable order. */
import type { StreetEntry } from './layers.ts';
import type { EdgePlan } from './plan.ts';

export interface StreetRegistry {
  list: StreetEntry[];
  idOf: (plan: EdgePlan) => number | null;
}

/** A street is the published edges of one name within one ward. */
export const streetKey = (name: string, ward: string): string => `${name}|${ward}`;

export function registerStreets(covered: EdgePlan[], wardOf: (plan: EdgePlan) => string): StreetRegistry {
  const byKey = new Map<string, StreetEntry>();
  const ofEdge = new Map<EdgePlan, number>();
  for (const plan of covered) {
    const name = plan.edge.name;
    if (!name) continue;
    const ward = wardOf(plan);
    const key = streetKey(name, ward);
    let entry = byKey.get(key);
    if (!entry) {
      entry = { id: byKey.size + 1, name, ward, highway: plan.edge.line.highway, edges: [] };
      byKey.set(key, entry);
    }
    entry.edges.push(plan);
    ofEdge.set(plan, entry.id);
  }
  return { list: [...byKey.values()], idOf: (plan) => (plan.covered ? (ofEdge.get(plan) ?? null) : null) };
}
