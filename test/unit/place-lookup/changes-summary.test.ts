import { describe, expect, it } from 'vitest';
import { compareChanges, cutEvidence, evidenceLimit, toChangeSummary } from '../../../core/changes/summary.ts';
import type { ChangeLight } from '../../../core/store/index.ts';

// Evidence is cut to 200 code points (a surrogate pair is never split) and the order is distance ascending, year_b
// descending, change_id ascending.

const emoji = '🚧'; // one code point, two UTF-16 units

describe('cutEvidence', () => {
  it.each([
    ['null', null, null, false],
    ['empty', '', '', false],
    ['200 characters', 'あ'.repeat(200), 'あ'.repeat(200), false],
    ['201 characters', 'あ'.repeat(201), 'あ'.repeat(200), true],
    ['500 characters', `${'い'.repeat(199)}うえお${'か'.repeat(298)}`, `${'い'.repeat(199)}う`, true],
    ['200 astral characters (400 UTF-16 units)', emoji.repeat(200), emoji.repeat(200), false],
    ['201 astral characters', emoji.repeat(201), emoji.repeat(200), true],
    [
      '199 plain then an astral at 200 and 201',
      `${'a'.repeat(199)}${emoji}${emoji}`,
      `${'a'.repeat(199)}${emoji}`,
      true,
    ],
  ])('%s', (_name, text, expected, truncated) => {
    const cut = cutEvidence(text);
    expect(cut).toEqual({ text: expected, truncated });
    if (cut.text !== null) expect(Array.from(cut.text).length).toBeLessThanOrEqual(evidenceLimit);
  });
});

describe('compareChanges', () => {
  const change = (distanceM: number, year_b: number, change_id: string) => ({ distanceM, year_b, change_id });

  it.each([
    ['nearer first', change(10, 2010, 'chg_bbbbbbbbbbbb'), change(11, 2024, 'chg_aaaaaaaaaaaa')],
    ['a hair nearer first', change(10, 2010, 'chg_bbbbbbbbbbbb'), change(10.000001, 2024, 'chg_aaaaaaaaaaaa')],
    ['same distance: later year_b first', change(10, 2024, 'chg_bbbbbbbbbbbb'), change(10, 2010, 'chg_aaaaaaaaaaaa')],
    [
      'same distance and year_b: change_id ascending',
      change(10, 2020, 'chg_aaaaaaaaaaaa'),
      change(10, 2020, 'chg_aaaaaaaaaaab'),
    ],
  ])('%s', (_name, first, second) => {
    expect(compareChanges(first, second)).toBeLessThan(0);
    expect(compareChanges(second, first)).toBeGreaterThan(0);
    expect(compareChanges(first, first)).toBe(0);
  });
});

describe('toChangeSummary', () => {
  const row: ChangeLight = {
    change_id: 'chg_0123456789ab',
    group_id: 7,
    lat: 34.6,
    lon: 135.0,
    year_a: 2012,
    year_b: 2021,
    category: '舗装',
    subject: '舗装の打ち換え',
    evidence: 'え'.repeat(250),
    evidence_truncated: false,
    segment_priority_score: null,
    status: 'supported',
  };

  it('rounds the distance, cuts the evidence even if the store did not, and sets scene ids to null', () => {
    const summary = toChangeSummary(row, 12.5001);
    expect(summary.distance_m).toBe(13);
    expect(summary.evidence).toBe('え'.repeat(200));
    expect(summary.evidence_truncated).toBe(true);
    expect(summary.scene_ids_a).toBeNull();
    expect(summary.scene_ids_b).toBeNull();
  });

  it('keeps the store flag when the store already cut the text', () => {
    const summary = toChangeSummary({ ...row, evidence: 'え'.repeat(200), evidence_truncated: true }, 0);
    expect(summary).toMatchObject({ evidence: 'え'.repeat(200), evidence_truncated: true, distance_m: 0 });
  });
});
