/** Release-wide counts, gathered while writing and frozen into the manifest. */
import type { MachineFeatureRow, SceneRow, VerbalizationRow } from '../release/types.ts';
import { emptyTally, type GenerationTally } from './generations.ts';

export class ReleaseCounters {
  processed = 0;
  quarantined = 0;
  served = 0;
  released = 0;
  experimental = 0;
  computed = 0;
  raw = 0;
  discarded = 0;
  machineRows = 0;
  machineTravelBearing = 0;
  machineAbsObjects = 0;
  machineColorOk = 0;
  machineGreen = 0;
  invalidAnalyses = 0;
  yearMin: number | null = null;
  yearMax: number | null = null;
  readonly wardScenes = new Map<string, number>();
  readonly generations = new Map<string, GenerationTally>();

  addScene(scene: SceneRow, verbs: readonly VerbalizationRow[]): void {
    this.processed += 1;
    for (const v of verbs) {
      const t = this.generations.get(v.generation_id) ?? emptyTally();
      t.verbalizations += 1;
      t.scenes += 1;
      t[v.status] += 1;
      if (v.analysis_status === 'invalid') {
        t.invalid += 1;
        this.invalidAnalyses += 1;
      }
      this.generations.set(v.generation_id, t);
    }
    if (scene.quarantined) {
      this.quarantined += 1;
      return;
    }
    if (verbs.length > 0) this.served += 1;
    if (verbs.some((v) => v.status === 'released')) this.released += 1;
    if (verbs.some((v) => v.status === 'experimental')) this.experimental += 1;
    if (scene.position_source === 'mapillary_computed') this.computed += 1;
    else this.raw += 1;
    if (scene.position_note.includes('範囲外')) this.discarded += 1;
    if (scene.ward) this.wardScenes.set(scene.ward, (this.wardScenes.get(scene.ward) ?? 0) + 1);
    const y = scene.capture_year;
    if (y !== null) {
      this.yearMin = this.yearMin === null ? y : Math.min(this.yearMin, y);
      this.yearMax = this.yearMax === null ? y : Math.max(this.yearMax, y);
    }
  }

  addMachine(scene: SceneRow, row: MachineFeatureRow): void {
    this.machineRows += 1;
    if (scene.travel_bearing !== null) this.machineTravelBearing += 1;
    if (row.abs_objects !== null) this.machineAbsObjects += 1;
    if (row.color_status === 'ok') this.machineColorOk += 1;
    if (row.green_ratio !== null) this.machineGreen += 1;
  }
}
