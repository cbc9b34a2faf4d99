import { describe, expect, it } from 'vitest';
import { CITY_NAME, RIVERS, STATIONS } from '../../../core/demo/geography.ts';
import { LANDMARKS } from '../../../core/demo/landmarks.ts';
import { WARDS } from '../../../core/demo/wards.ts';
import { loadDemo } from './demo-fixture.ts';

const { rows } = await loadDemo();
const IDENTIFIER_FIELDS = new Set(['name', 'town_key', 'evidence_ids']);

/** Every run of digits in a text (after NFKC, so full-width digits count too). */
function numbersIn(text: string): string[] {
  return text.normalize('NFKC').match(/[0-9]+/g) ?? [];
}

const gazetteer = [
  CITY_NAME,
  ...WARDS.map((w) => w.label),
  ...LANDMARKS.map((l) => l.name),
  ...STATIONS.map((s) => s.name),
  ...RIVERS.map((r) => r.name),
  ...rows.streets.map((s) => s.name),
  ...rows.areas.map((a) => a.name),
];

function checkKarte(karte: Record<string, unknown>, profile: unknown, label: string): void {
  const profileText = JSON.stringify(profile);
  const profileNumbers = new Set(numbersIn(profileText));
  for (const [field, value] of Object.entries(karte)) {
    if (IDENTIFIER_FIELDS.has(field) || typeof value !== 'string') continue;
    for (const n of numbersIn(value))
      expect(profileNumbers.has(n), `${label} ${field}: ${n} not in profile`).toBe(true);
    for (const noun of gazetteer) {
      if (value.includes(noun))
        expect(profileText.includes(noun), `${label} ${field}: ${noun} not in profile`).toBe(true);
    }
  }
}

const sceneIds = new Set(rows.scenes.filter((s) => !s.quarantined).map((s) => s.id));

describe('kartes', () => {
  it('state only numbers, years and proper nouns found in their profile (streets)', () => {
    const withKarte = rows.streets.filter((s) => s.karte);
    expect(withKarte.length).toBeGreaterThan(3);
    for (const s of withKarte) {
      for (const v of s.karte_versions)
        checkKarte(v.karte as unknown as Record<string, unknown>, s.profile, `street ${s.street_id}`);
    }
  });

  it('state only numbers, years and proper nouns found in their profile (areas)', () => {
    const withKarte = rows.areas.filter((a) => a.karte);
    expect(withKarte.length).toBeGreaterThan(3);
    for (const a of withKarte) {
      for (const v of a.karte_versions)
        checkKarte(v.karte as unknown as Record<string, unknown>, a.profile, `area ${a.town_key}`);
    }
  });

  it('cite evidence ids that are real, non-quarantined scene ids from the profile evidence', () => {
    for (const x of [...rows.streets, ...rows.areas]) {
      if (!x.karte) continue;
      const profileIds = new Set(x.profile.evidence_quotes.map((e) => e.scene_id));
      const mapped = new Set(Object.values(x.profile.evidence).flat());
      expect(x.karte.evidence_ids.length).toBeGreaterThan(0);
      for (const id of x.karte.evidence_ids) {
        expect(sceneIds.has(id)).toBe(true);
        expect(profileIds.has(id)).toBe(true);
        expect(mapped.has(id)).toBe(true);
      }
    }
    for (const e of rows.edges) {
      for (const ids of Object.values(e.profile.evidence)) for (const id of ids) expect(sceneIds.has(id)).toBe(true);
    }
  });

  it('exist for grades A-C and never for grade D; every grade occurs among areas', () => {
    for (const x of [...rows.streets, ...rows.areas]) {
      if (x.coverage_grade === 'D') {
        expect(x.karte).toBeNull();
        expect(x.karte_provenance).toBeNull();
        expect(x.karte_versions).toEqual([]);
      } else {
        expect(x.karte).not.toBeNull();
        expect(x.karte_versions[0]?.karte).toEqual(x.karte);
      }
    }
    expect(new Set(rows.areas.map((a) => a.coverage_grade))).toEqual(new Set(['A', 'B', 'C', 'D']));
    expect(new Set(rows.streets.map((s) => s.coverage_grade)).has('D')).toBe(true);
    expect(rows.streets.some((s) => s.karte_versions.length === 2)).toBe(true);
  });
});
