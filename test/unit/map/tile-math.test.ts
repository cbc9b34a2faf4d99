import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkTile, keyCell, keyRange, mortonKey, tileBox } from '../../../core/map/tile-math.ts';

// Web-Mercator tiles and the Morton keys the scenes are ordered by: a position's key lies in exactly the key range of
// the tile that holds it, at every zoom, so a tile's scenes are one run of the ordering.

function slippyTile(lat: number, lon: number, z: number): [number, number] {
  const n = 2 ** z;
  const rad = (lat * Math.PI) / 180;
  return [Math.floor(((lon + 180) / 360) * n), Math.floor(((1 - Math.asinh(Math.tan(rad)) / Math.PI) / 2) * n)];
}

const position = fc.record({
  lat: fc.double({ min: -85, max: 85, noNaN: true }),
  lon: fc.double({ min: -180, max: 179.999999, noNaN: true }),
});

describe('tile math', () => {
  it('puts a position key in the key range of the tile that holds it', () => {
    fc.assert(
      fc.property(position, fc.integer({ min: 0, max: 20 }), ({ lat, lon }, z) => {
        const [x, y] = slippyTile(lat, lon, z);
        const key = mortonKey(...keyCell(lat, lon));
        const [first, end] = keyRange(z, x, y);
        const box = tileBox(z, x, y);
        // Positions within a key cell (~2 m) of a tile edge may round either way; the rest are exact.
        const nearEdge =
          Math.min(Math.abs(lon - box.west), Math.abs(lon - box.east)) < 1e-4 ||
          Math.min(Math.abs(lat - box.north), Math.abs(lat - box.south)) < 1e-4;
        if (!nearEdge) expect(key >= first && key < end).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('splits a tile into its four children, whose ranges tile the parent range in order', () => {
    const [first, end] = keyRange(5, 27, 12);
    const children = [keyRange(6, 54, 24), keyRange(6, 55, 24), keyRange(6, 54, 25), keyRange(6, 55, 25)];
    expect(children[0]?.[0]).toBe(first);
    for (let i = 1; i < 4; i++) expect(children[i]?.[0]).toBe(children[i - 1]?.[1]);
    expect(children[3]?.[1]).toBe(end);
  });

  it('refuses columns and rows beyond the zoom', () => {
    expect(() => checkTile(3, 8, 0)).toThrow(/x must be an integer between 0 and 7 at zoom 3/);
    expect(() => checkTile(3, 7, 8)).toThrow(/y must be/);
    expect(() => checkTile(0, 0, 0)).not.toThrow();
  });
});
