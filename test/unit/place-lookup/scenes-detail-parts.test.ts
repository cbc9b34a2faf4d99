import { describe, expect, it } from 'vitest';
import type { SceneRow } from '../../../core/release/types.ts';
import { isServableAnalysis, positionOffsetOf, readAnalysis } from '../../../core/scenes/detail-parts.ts';
import { parameterDefault, readSpec, specFiles } from '../../../core/spec.ts';
import { parseInclude } from '../../../handlers/place-lookup/get_scene.ts';

// The pure parts of scene detail: include lists, stored analyses that must never become a 500, position offsets.

describe('include', () => {
  it('omitted is analysis: the default validation fills in', () => {
    const omitted = parameterDefault(readSpec(specFiles.placeLookup), 'get_scene', 'include') as string;
    expect(parseInclude(omitted)).toEqual(['analysis']);
  });

  it.each([
    ['analysis', ['analysis']],
    ['metadata', ['metadata']],
    ['machine,metadata', ['machine', 'metadata']],
    ['analysis,analysis,machine', ['analysis', 'machine']],
  ])('%j → %j', (text, parts) => {
    expect(parseInclude(text)).toEqual(parts);
  });

  it.each(['', 'foo', 'metadata,', ',analysis', 'analysis,,machine', 'Analysis'])(
    '%j is 400 naming include',
    (text) => {
      expect(() => parseInclude(text)).toThrow(
        expect.objectContaining({ code: 'invalid_parameter', field: 'include' }),
      );
    },
  );
});

describe('stored analysis', () => {
  const good = {
    image_file: 'a.jpg',
    road_structure: { type: '単路', grade_separated_crossing: false },
    markings_wear: [],
  };
  it.each([
    ['ok', JSON.stringify(good), 'ok', good],
    ['ok', '{"image_file": "a.jpg", "capture_meta": {', 'invalid', null],
    ['ok', '```json\n{}\n```', 'invalid', null],
    ['ok', '[1, 2]', 'invalid', null],
    ['ok', 'null', 'invalid', null],
    ['ok', '{"markings_wear": "none"}', 'invalid', null],
    ['ok', '{"road_structure": {"type": 3}}', 'invalid', null],
    ['ok', '{"pavement": "good"}', 'invalid', null],
    ['ok', '{"extra_key": 1, "pavement": null}', 'ok', { extra_key: 1, pavement: null }],
    ['invalid', JSON.stringify(good), 'invalid', null],
  ] as const)('%s %s → %s', (status, text, servedStatus, analysis) => {
    expect(readAnalysis(status, text)).toEqual({ status: servedStatus, analysis });
  });

  it('accepts the listed keys with their documented types', () => {
    expect(isServableAnalysis({ road_structure: { grade_separated_crossing: 'あり' }, geometry: null })).toBe(true);
    expect(isServableAnalysis({ image_file: 1 })).toBe(false);
  });
});

describe('position_offset_m', () => {
  const scene = (
    raw: [number | null, number | null],
    computed: [number | null, number | null],
    offset: number | null,
  ) =>
    ({
      raw_lat: raw[0],
      raw_lon: raw[1],
      computed_lat: computed[0],
      computed_lon: computed[1],
      position_offset_m: offset,
    }) as SceneRow;

  it.each([
    [scene([null, null], [34.69, 135.19], 3.2), null],
    [scene([34.69, 135.19], [null, null], 3.2), null],
    [scene([34.69, null], [34.69, 135.19], null), null],
    [scene([34.69, 135.19], [34.69, 135.19], 4.5), 4.5],
    [scene([34.69, 135.19], [34.6901, 135.19], null), 11.12],
  ])('%j → %j (null when either position is missing)', (row, expected) => {
    expect(positionOffsetOf(row)).toBe(expected);
  });
});
