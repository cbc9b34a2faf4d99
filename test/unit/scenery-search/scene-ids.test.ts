import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SceneIds } from '../../../core/scenery-search/scene-ids.ts';

const digits = fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 1, maxLength: 20 });

describe('scene id column', () => {
  it('answers ids by doc and docs by id like an array and a Map', () => {
    fc.assert(
      fc.property(fc.uniqueArray(digits, { maxLength: 200 }), fc.array(digits, { maxLength: 30 }), (ids, probes) => {
        const column = SceneIds.fromArray(ids);
        const map = new Map(ids.map((id, doc) => [id, doc]));
        expect(column.length).toBe(ids.length);
        expect(column.toArray()).toEqual(ids);
        for (const id of [...ids, ...probes]) expect(column.get(id)).toBe(map.get(id));
        const fromBytes = SceneIds.fromBytes(column.bytes, ids.length);
        expect(Array.from(fromBytes.order)).toEqual(Array.from(column.order));
      }),
      { numRuns: 200 },
    );
  });

  it('keeps ids beyond 2^53 exact', () => {
    const ids = ['18446744073709551615', '9007199254740993', '9007199254740992', '1'];
    const column = SceneIds.fromArray(ids);
    expect(column.at(1)).toBe('9007199254740993');
    expect(column.get('9007199254740993')).toBe(1);
    expect(column.get('9007199254740994')).toBeUndefined();
    expect(Array.from(column.order)).toEqual([3, 2, 1, 0]);
  });
});
