/** Running aggregates over the scenes of an edge, street, town block or ward (bounded memory per aggregate). */
import type { EvidenceMap, EvidenceQuote } from '../release/types.ts';
import type { CategoryCatalog } from './categories.ts';

export interface TallyScene {
  sceneId: string;
  year: number | null;
  sequenceId: string | null;
  isPano: boolean;
  /** Category indices, present only when the scene could be judged (a valid analysis of a released generation). */
  judgedCategories: number[] | null;
  quote: EvidenceQuote | null;
  sides: [string, string];
  tsuranari: [boolean, boolean];
  landmarks: readonly { name: string; kind: string }[];
}

const MAX_EVIDENCE = 8;

export class Tally {
  n = 0;
  judged = 0;
  pano = 0;
  readonly years = new Map<string, number>();
  readonly sequences = new Set<string>();
  readonly categories: Int32Array;
  readonly groups: Int32Array;
  readonly left = new Map<string, number>();
  readonly right = new Map<string, number>();
  tsuranariLeft = 0;
  tsuranariRight = 0;
  readonly landmarks = new Map<string, { kind: string; n: number }>();
  readonly evidence: EvidenceQuote[] = [];
  readonly evidenceMap: EvidenceMap = {};
  private readonly quotedYears = new Set<string>();
  private readonly groupOf: Int32Array;
  private readonly seenGroups: Uint8Array;

  constructor(catalog: CategoryCatalog, groupOf: Int32Array) {
    this.categories = new Int32Array(catalog.categories.length);
    this.groups = new Int32Array(catalog.groups.length);
    this.groupOf = groupOf;
    this.seenGroups = new Uint8Array(catalog.groups.length);
  }

  add(s: TallyScene): void {
    this.n += 1;
    const yearKey = s.year === null ? 'unknown' : String(s.year);
    this.years.set(yearKey, (this.years.get(yearKey) ?? 0) + 1);
    if (s.sequenceId) this.sequences.add(s.sequenceId);
    if (s.isPano) this.pano += 1;
    for (const l of s.landmarks) {
      const entry = this.landmarks.get(l.name) ?? { kind: l.kind, n: 0 };
      entry.n += 1;
      this.landmarks.set(l.name, entry);
    }
    if (!s.judgedCategories) return;
    this.judged += 1;
    this.seenGroups.fill(0);
    for (const c of s.judgedCategories) {
      this.categories[c] = (this.categories[c] as number) + 1;
      this.seenGroups[this.groupOf[c] as number] = 1;
    }
    for (let g = 0; g < this.seenGroups.length; g++)
      if (this.seenGroups[g]) this.groups[g] = (this.groups[g] as number) + 1;
    this.left.set(s.sides[0], (this.left.get(s.sides[0]) ?? 0) + 1);
    this.right.set(s.sides[1], (this.right.get(s.sides[1]) ?? 0) + 1);
    if (s.tsuranari[0]) this.tsuranariLeft += 1;
    if (s.tsuranari[1]) this.tsuranariRight += 1;
    // Keep quotes from different years first, so evidence spans the record.
    if (s.quote && this.evidence.length < MAX_EVIDENCE && !this.quotedYears.has(yearKey)) {
      this.quotedYears.add(yearKey);
      this.evidence.push(s.quote);
      const ids = this.evidenceMap[s.quote.category] ?? [];
      if (ids.length < 5) ids.push(s.quote.scene_id);
      this.evidenceMap[s.quote.category] = ids;
    }
  }
}
