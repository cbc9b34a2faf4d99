import type { ChangeSummary } from '../../generated/place-lookup/types.gen.ts';
import { readSpec, specFiles, specSchema } from '../spec.ts';
import type { ChangeLight } from '../store/index.ts';

// How one change appears in nearby results, and the order of those results. Pure, so the rules are unit-tested.

/** The contract cuts change evidence to this many characters (code points) in nearby results. */
export const evidenceLimit = documentedEvidenceLimit();

// spec: components.schemas.ChangeSummary, the maxLength of the `evidence` it narrows (ChangeBase's has none).
function documentedEvidenceLimit(): number {
  const parts = (specSchema(readSpec(specFiles.placeLookup), 'ChangeSummary').allOf ?? []) as {
    properties?: { evidence?: { maxLength?: unknown } };
  }[];
  const limit = parts.map((part) => part.properties?.evidence?.maxLength).find((value) => typeof value === 'number');
  if (typeof limit !== 'number') throw new Error('spec: ChangeSummary states no maxLength for evidence');
  return limit;
}

export interface CutText {
  text: string | null;
  truncated: boolean;
}

/** Cuts to `limit` code points (JSON Schema's maxLength counts code points too, so a surrogate pair is never split). */
export function cutEvidence(text: string | null, limit = evidenceLimit): CutText {
  // A string of at most `limit` UTF-16 units has at most `limit` code points: no need to split it.
  if (text === null || text.length <= limit) return { text, truncated: false };
  const points = Array.from(text);
  if (points.length <= limit) return { text, truncated: false };
  return { text: points.slice(0, limit).join(''), truncated: true };
}

export interface RankedChange {
  distanceM: number;
  year_b: number;
  change_id: string;
}

/** The document's order: unrounded distance ascending, then year_b descending, then change_id ascending. */
export function compareChanges(a: RankedChange, b: RankedChange): number {
  if (a.distanceM !== b.distanceM) return a.distanceM - b.distanceM;
  if (a.year_b !== b.year_b) return b.year_b - a.year_b;
  return a.change_id < b.change_id ? -1 : a.change_id > b.change_id ? 1 : 0;
}

// The store already cuts evidence for the light rows; cutting again keeps the rule true whatever the store returns.
export function toChangeSummary(row: ChangeLight, distanceM: number): ChangeSummary & { distance_m: number } {
  const evidence = cutEvidence(row.evidence);
  return {
    change_id: row.change_id,
    group_id: row.group_id,
    distance_m: Math.round(distanceM),
    lat: row.lat,
    lon: row.lon,
    year_a: row.year_a,
    year_b: row.year_b,
    category: row.category,
    subject: row.subject,
    evidence: evidence.text,
    evidence_truncated: row.evidence_truncated || evidence.truncated,
    segment_priority_score: row.segment_priority_score,
    status: row.status,
    // The light rows do not carry them and this release's data has none (field_notes.scene_ids says so).
    scene_ids_a: null,
    scene_ids_b: null,
  };
}
