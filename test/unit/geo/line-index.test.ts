import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { haversineMeters } from '../../../core/geo/haversine.ts';
import { LineIndex } from '../../../core/geo/line-index.ts';
import type { LatLon } from '../../../core/geo/polyline-distance.ts';
import { bruteLinesNear } from '../../../scripts/bench/geo/brute-force.ts';
import { destination, nearPlaceArb, placeArb } from './arbitraries.ts';

/** Polylines that wander from a start near the place, with segments from 0 m to a few km. */
function linesArb(place: readonly [number, number]) {
  const lineArb = fc
    .tuple(
      nearPlaceArb(place, 2000),
      fc.array(
        fc.tuple(
          fc.double({ min: 0, max: 360, noNaN: true }),
          fc.oneof(fc.constant(0), fc.double({ min: 0, max: 3000, noNaN: true })),
        ),
        { maxLength: 6 },
      ),
    )
    .map(([start, steps]) => {
      const line: LatLon[] = [start];
      for (const [bearing, length] of steps) {
        const last = line[line.length - 1] as LatLon;
        line.push(destination(last[0], last[1], bearing, length));
      }
      return line;
    });
  return fc.array(lineArb, { maxLength: 25 });
}

describe('LineIndex against its brute-force twin', () => {
  it('finds the same lines at the same distances, nearest first', () => {
    const arb = placeArb.chain((place) =>
      fc.record({
        lines: linesArb(place),
        at: nearPlaceArb(place, 3000),
        radiusM: fc.double({ min: 0, max: 800, noNaN: true }),
        maxPieceM: fc.constantFrom(5, 40, 500),
        onLine: fc.nat(),
        limit: fc.option(fc.integer({ min: 0, max: 5 }), { nil: undefined }),
      }),
    );
    fc.assert(
      fc.property(arb, ({ lines, at: [lat, lon], radiusM: r, maxPieceM, onLine, limit }) => {
        const index = LineIndex.build(lines, { maxPieceM });
        // Sometimes the radius is exactly the distance to one line, which must then be found.
        const target = lines.length > 0 && onLine % 2 === 0 ? bruteLinesNear(lines, lat, lon, 1e9)[0] : undefined;
        const radiusM = target?.distanceM ?? r;
        const expected = bruteLinesNear(lines, lat, lon, radiusM);
        const options = limit === undefined ? { radiusM } : { radiusM, limit };
        expect(index.near(lat, lon, options)).toEqual(limit === undefined ? expected : expected.slice(0, limit));
      }),
      { numRuns: 300 },
    );
  });

  it('finds one-vertex lines and answers empty when nothing is near', () => {
    const index = LineIndex.build([[[34.7, 135.2]], [[34.8, 135.2]]]);
    const hits = index.near(34.7001, 135.2, { radiusM: 20 });
    expect(hits).toEqual([{ line: 0, distanceM: haversineMeters(34.7001, 135.2, 34.7, 135.2) }]);
    expect(index.near(0, 0, { radiusM: 1000 })).toEqual([]);
    expect(LineIndex.build([]).near(0, 0, { radiusM: 10 })).toEqual([]);
  });

  it('explains bad input', () => {
    expect(() => LineIndex.build([[]])).toThrow(/line 0 has no vertices/);
    expect(() => LineIndex.build([[[135.2, 34.7]]])).toThrow(/\[lat, lon\] order\) has latitude 135.2/);
    expect(() => LineIndex.build([[[1, 1]]], { maxPieceM: 0 })).toThrow(/maxPieceM is 0/);
  });
});
