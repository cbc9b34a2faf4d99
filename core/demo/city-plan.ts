/** The demo city before any scene is written: town blocks, schools, the scene plan of every road edge, the streets. */
import { buildNetwork, type RoadEdge } from './network.ts';
import { type EdgePlan, planScenes } from './plan.ts';
import { Rng } from './rng.ts';
import { buildSchools } from './schools.ts';
import { registerStreets, streetKey } from './streets.ts';
import { TownGrid } from './towns.ts';
import { wardAt } from './wards.ts';

export function planCity(seed: number, total: number) {
  const rng = (label: string) => new Rng(seed, label);
  const towns = new TownGrid(rng('towns'));
  const schools = buildSchools(rng('schools'), seed);
  const network = buildNetwork(rng('network'));
  // The ward a street is registered in: its town block's, else the ward at the edge's middle.
  const wardLabelOf = (e: RoadEdge) =>
    (towns.locate(e.mid[0], e.mid[1]) ?? { ward: wardAt(e.mid[0], e.mid[1]) }).ward.label;
  const plan = planScenes(
    rng('plan'),
    network,
    schools.map((s) => [s.lat, s.lon]),
    total,
    (e) => towns.locate(e.mid[0], e.mid[1]) !== undefined,
    (e) => (e.name ? streetKey(e.name, wardLabelOf(e)) : null),
    rng('thin-streets'),
  );
  const covered: EdgePlan[] = plan.edges.filter((p) => p.covered);
  const streets = registerStreets(covered, (p) => wardLabelOf(p.edge));
  return { towns, schools, plan, covered, streets };
}
