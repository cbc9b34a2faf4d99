import type { KarteVersion } from '../../generated/place-lookup/types.gen.ts';
import type { CoverageGrade, KarteProvenance, KarteVersion as LayerKarteVersion } from '../release/types.ts';

// The karte rules shared by streets and areas: grade D has numbers only (karte, provenance and versions are withheld
// even if the layer carried them), versions are served newest first, and a version's text only on request.

export interface KarteSource<K> {
  coverage_grade: CoverageGrade;
  karte: K | null;
  karte_provenance: KarteProvenance | null;
  karte_versions: LayerKarteVersion<K>[] | null;
}

export interface KarteView<K> {
  has_karte: boolean;
  karte: K | null;
  karte_provenance: KarteProvenance | null;
  karte_versions: (KarteVersion & { karte?: K })[];
}

/** Whether a place of this grade may carry a karte at all. */
export function gradeAllowsKarte(grade: CoverageGrade): boolean {
  return grade !== 'D';
}

/** Whether a summary row (karte present in the layer) is served with a karte. */
export function servesKarte(row: { coverage_grade: CoverageGrade; has_karte: boolean }): boolean {
  return row.has_karte && gradeAllowsKarte(row.coverage_grade);
}

function timeOf(version: KarteVersion): number {
  const ms = Date.parse(version.generated_at);
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
}

/** Newest first by generated_at; versions of equal (or unreadable) time keep the layer's order. */
export function newestFirst<V extends KarteVersion>(versions: readonly V[]): V[] {
  return versions
    .map((version, order) => ({ version, order, time: timeOf(version) }))
    .sort((a, b) => b.time - a.time || a.order - b.order)
    .map((entry) => entry.version);
}

export function karteView<K>(source: KarteSource<K>, withVersionText: boolean): KarteView<K> {
  if (!gradeAllowsKarte(source.coverage_grade)) {
    return { has_karte: false, karte: null, karte_provenance: null, karte_versions: [] };
  }
  const karte = source.karte ?? null;
  const versions = newestFirst(source.karte_versions ?? []).map(({ tag, model, prompt, generated_at, karte }) =>
    withVersionText && karte ? { tag, model, prompt, generated_at, karte } : { tag, model, prompt, generated_at },
  );
  return {
    has_karte: karte !== null,
    karte,
    karte_provenance: karte === null ? null : (source.karte_provenance ?? null),
    karte_versions: versions,
  };
}
