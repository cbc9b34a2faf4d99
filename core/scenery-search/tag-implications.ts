/**
 * Categories whose label names a kind of another category's thing (急な坂 is a 坂道, 漁港 a 港, 赤レンガ倉庫 a レンガ造りの
 * 建物 and a 倉庫, ピンコロ石の舗装 a 石畳): a scene that shows the kind shows the wider thing too, so tagging adds it.
 * Written from the catalogue's labels alone; a denial of the kind says nothing of the wider thing, so only what is
 * present is widened.
 */
import type { CategoryCatalog } from './categories.ts';

const KIND_OF: Record<string, readonly string[]> = {
  steep_slope: ['slope_road'],
  fishing_port: ['harbour'],
  brick_warehouse: ['brick_building', 'warehouse'],
  cobblestone_setts: ['stone_paving'],
};

/** For each category index, the indexes of the wider categories it implies (checked against the catalogue). */
export function implicationTable(catalog: CategoryCatalog): readonly (readonly number[])[] {
  const index = (id: string) => {
    const c = catalog.byId.get(id);
    if (!c) throw new Error(`tag-implications.ts: unknown category ${id}`);
    return c.index;
  };
  const table: number[][] = catalog.categories.map(() => []);
  for (const [kind, wider] of Object.entries(KIND_OF)) table[index(kind)] = wider.map(index);
  return table;
}

/** Adds to `present` the wider categories of every category it holds. */
export function widen(present: Set<number>, table: readonly (readonly number[])[]): void {
  for (const c of [...present]) for (const w of table[c] ?? []) present.add(w);
}
