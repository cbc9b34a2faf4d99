/** Writes the street, edge and area tables once every scene has been tallied. */
import type { ReleaseTable } from '../release/tables.ts';
import { areaRow, edgeRow, type LayerInput, streetRow } from './layers.ts';
import type { EdgePlan } from './plan.ts';
import type { StreetRegistry } from './streets.ts';
import type { TownBlock } from './towns.ts';
import type { NdjsonWriter } from './writer.ts';

export interface LayerCounts {
  streets: number;
  areas: number;
  edges: number;
  karteStreets: number;
  karteAreas: number;
}

export async function writeLayers(
  writers: Record<ReleaseTable, NdjsonWriter>,
  input: LayerInput,
  streets: StreetRegistry,
  covered: EdgePlan[],
  blocks: TownBlock[],
): Promise<LayerCounts> {
  let karteStreets = 0;
  for (const street of streets.list) {
    const row = streetRow(street, input);
    if (row.karte) karteStreets += 1;
    await writers.streets.write(row);
  }
  for (const p of covered) await writers.edges.write(edgeRow(p, streets.idOf(p), input));
  const edgesByBlock = new Map<number, EdgePlan[]>();
  for (const p of covered) {
    const b = input.blockOfEdge.get(p.edge.index);
    if (b) edgesByBlock.set(b.index, [...(edgesByBlock.get(b.index) ?? []), p]);
  }
  let karteAreas = 0;
  for (const block of blocks) {
    const row = areaRow(block, edgesByBlock.get(block.index) ?? [], input);
    if (row.karte) karteAreas += 1;
    await writers.areas.write(row);
  }
  return { streets: streets.list.length, areas: blocks.length, edges: covered.length, karteStreets, karteAreas };
}
