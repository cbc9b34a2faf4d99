/** Which scenery categories one scene shows: drawn from its place contexts, its capture moment and a rotation. */
import { affinityTable, EXCLUSIVE_SETS, type PlaceContext } from './affinity.ts';
import type { CategoryCatalog } from './categories.ts';
import type { Rng } from './rng.ts';
import { type CaptureMoment, seasonalCategories } from './seasons.ts';

interface Candidates {
  index: Int32Array;
  p: Float64Array;
  /** Quick lookup: chance per category index (0 when the place cannot show it). */
  byIndex: Float64Array;
}

export class SceneCategoryPicker {
  private readonly catalog: CategoryCatalog;
  private readonly table = affinityTable();
  private readonly cache = new Map<string, Candidates>();
  private readonly exclusive: number[][];
  private rotation = 0;

  constructor(catalog: CategoryCatalog) {
    this.catalog = catalog;
    this.exclusive = EXCLUSIVE_SETS.map((set) =>
      set.map((id) => catalog.byId.get(id)?.index ?? -1).filter((i) => i >= 0),
    );
  }

  private candidates(tags: readonly PlaceContext[]): Candidates {
    const key = tags.join(',');
    const hit = this.cache.get(key);
    if (hit) return hit;
    const byIndex = new Float64Array(this.catalog.categories.length);
    for (const tag of tags) {
      for (const [id, p] of this.table.get(tag) ?? []) {
        const c = this.catalog.byId.get(id);
        if (c && p > (byIndex[c.index] as number)) byIndex[c.index] = p;
      }
    }
    const index: number[] = [];
    for (let i = 0; i < byIndex.length; i++) if ((byIndex[i] as number) > 0) index.push(i);
    const made = {
      index: Int32Array.from(index),
      p: Float64Array.from(index.map((i) => byIndex[i] as number)),
      byIndex,
    };
    this.cache.set(key, made);
    return made;
  }

  /** Category indices the scene shows, sorted ascending. */
  pick(rng: Rng, tags: readonly PlaceContext[], moment: CaptureMoment): number[] {
    const cand = this.candidates(tags);
    const chosen = new Set<number>();
    for (let k = 0; k < cand.index.length; k++)
      if (rng.next() < (cand.p[k] as number)) chosen.add(cand.index[k] as number);
    this.resolveExclusive(chosen, cand.byIndex);
    this.addRotation(chosen, cand.byIndex);
    if (chosen.size < 4) {
      const order = [...cand.index].sort((a, b) => (cand.byIndex[b] as number) - (cand.byIndex[a] as number) || a - b);
      for (const i of order) {
        if (chosen.size >= 4) break;
        chosen.add(i);
        this.resolveExclusive(chosen, cand.byIndex);
      }
    }
    const shows = (id: string) => {
      const c = this.catalog.byId.get(id);
      return c !== undefined && chosen.has(c.index);
    };
    for (const id of seasonalCategories(rng, moment, shows, tags)) {
      const c = this.catalog.byId.get(id);
      if (c) chosen.add(c.index);
    }
    return [...chosen].sort((a, b) => a - b);
  }

  /** Categories the place often shows but this scene does not: what a model might remark is missing. */
  absent(tags: readonly PlaceContext[], chosen: readonly number[]): number[] {
    const cand = this.candidates(tags);
    const have = new Set(chosen);
    const out: number[] = [];
    for (let k = 0; k < cand.index.length; k++) {
      const i = cand.index[k] as number;
      if ((cand.p[k] as number) >= 0.2 && !have.has(i) && this.catalog.categories[i]?.negatable) out.push(i);
    }
    return out;
  }

  /** A place that could show a category but rarely does still shows it now and then, so every category occurs. */
  private addRotation(chosen: Set<number>, byIndex: Float64Array): void {
    const n = byIndex.length;
    for (let step = 0; step < n; step++) {
      const i = (this.rotation + step) % n;
      if ((byIndex[i] as number) > 0 && !chosen.has(i) && !this.conflicts(chosen, i)) {
        chosen.add(i);
        this.rotation = i + 1;
        return;
      }
    }
  }

  private conflicts(chosen: Set<number>, i: number): boolean {
    return this.exclusive.some((set) => set.includes(i) && set.some((j) => j !== i && chosen.has(j)));
  }

  private resolveExclusive(chosen: Set<number>, byIndex: Float64Array): void {
    for (const set of this.exclusive) {
      const present = set.filter((i) => chosen.has(i));
      if (present.length < 2) continue;
      present.sort((a, b) => (byIndex[b] as number) - (byIndex[a] as number) || a - b);
      for (const loser of present.slice(1)) chosen.delete(loser);
    }
  }
}
