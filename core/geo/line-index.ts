import { cosOfLatitude, DEG_TO_RAD, EARTH_RADIUS_M } from './haversine.ts';
import { PointIndex } from './point-index.ts';
import { type LatLon, pointToSegmentMeters } from './polyline-distance.ts';
import { assertLatLon, assertLimit, assertRadius } from './validate.ts';

export interface LineHit {
  /** The caller's line index. */
  line: number;
  /** Minimum distance from the query to the polyline, metres (see pointToSegmentMeters). */
  distanceM: number;
}

export interface LineIndexOptions {
  /** Longest piece a segment is cut into for indexing; shorter pieces mean a smaller search margin. */
  maxPieceM?: number;
}

/**
 * Polylines (road edges, street axes) for "which lines come within r metres of a point".
 *
 * Each segment is cut into pieces of at most `maxPieceM` along its latitude/longitude path and the pieces' midpoints go
 * into a PointIndex. Every point of a piece lies within half its path length of its midpoint, so a segment within r of
 * the query has a piece midpoint within r + (longest half piece): the search uses that wider radius, then measures
 * each candidate segment exactly, once.
 */
export class LineIndex {
  private readonly vertices: Float64Array;
  private readonly segmentStart: Uint32Array;
  private readonly segmentEnd: Uint32Array;
  private readonly segmentLine: Uint32Array;
  private readonly pieceSegment: Uint32Array;
  private readonly pieces: PointIndex;
  private readonly margin: number;
  readonly size: number;
  private readonly segmentSeen: Uint32Array;
  private readonly lineSeen: Uint32Array;
  private readonly lineBest: Float64Array;
  private epoch = 0;

  private constructor(lines: ReadonlyArray<ReadonlyArray<LatLon>>, options: LineIndexOptions) {
    const maxPieceM = options.maxPieceM ?? 40;
    if (!(maxPieceM > 0)) throw new RangeError(`maxPieceM is ${maxPieceM}: pass a length in metres above 0`);
    this.size = lines.length;
    const vertexCount = lines.reduce((sum, line) => sum + line.length, 0);
    this.vertices = new Float64Array(vertexCount * 2);
    const segmentStart: number[] = [];
    const segmentEnd: number[] = [];
    const segmentLine: number[] = [];
    const pieceLats: number[] = [];
    const pieceLons: number[] = [];
    const pieceSegment: number[] = [];
    let longestHalf = 0;
    let v = 0;
    lines.forEach((line, lineIndex) => {
      if (line.length === 0) {
        throw new RangeError(`line ${lineIndex} has no vertices: each polyline needs at least one [lat, lon]`);
      }
      const first = v;
      for (const [lat, lon] of line) {
        // The message is built only on failure: formatting it for every vertex would dominate the build.
        if (!(lat >= -90 && lat <= 90 && lon >= -180 && lon <= 180)) {
          assertLatLon(lat, lon, `line ${lineIndex} vertex [${lat}, ${lon}] ([lat, lon] order)`);
        }
        this.vertices[2 * v] = lat;
        this.vertices[2 * v + 1] = lon;
        v++;
      }
      // A single vertex is a segment of zero length, so one-point lines are found too.
      const lastStart = line.length === 1 ? first : v - 2;
      for (let start = first; start <= lastStart; start++) {
        const end = line.length === 1 ? start : start + 1;
        const segment = segmentStart.length;
        segmentStart.push(start);
        segmentEnd.push(end);
        segmentLine.push(lineIndex);
        const aLat = this.vertices[2 * start] as number;
        const aLon = this.vertices[2 * start + 1] as number;
        const dLat = (this.vertices[2 * end] as number) - aLat;
        const dLon = wrapDelta((this.vertices[2 * end + 1] as number) - aLon);
        const length = pathLengthBound(aLat, dLat, dLon);
        const count = Math.max(1, Math.ceil(length / maxPieceM));
        longestHalf = Math.max(longestHalf, length / count / 2);
        for (let k = 0; k < count; k++) {
          const t = (k + 0.5) / count;
          pieceLats.push(aLat + t * dLat);
          pieceLons.push(wrapLongitude(aLon + t * dLon));
          pieceSegment.push(segment);
        }
      }
    });
    this.segmentStart = Uint32Array.from(segmentStart);
    this.segmentEnd = Uint32Array.from(segmentEnd);
    this.segmentLine = Uint32Array.from(segmentLine);
    this.pieceSegment = Uint32Array.from(pieceSegment);
    this.pieces = PointIndex.build(Float64Array.from(pieceLats), Float64Array.from(pieceLons));
    this.margin = longestHalf * (1 + 1e-9) + 1e-6;
    this.segmentSeen = new Uint32Array(segmentStart.length);
    this.lineSeen = new Uint32Array(lines.length);
    this.lineBest = new Float64Array(lines.length);
  }

  static build(lines: ReadonlyArray<ReadonlyArray<LatLon>>, options: LineIndexOptions = {}): LineIndex {
    return new LineIndex(lines, options);
  }

  /** Lines that come within the radius of the point, nearest first (ties by line index), at most `limit` if given. */
  near(lat: number, lon: number, options: { radiusM: number; limit?: number }): LineHit[] {
    const { radiusM, limit } = options;
    assertLatLon(lat, lon, 'query');
    assertRadius(radiusM);
    if (limit !== undefined) assertLimit(limit);
    const epoch = this.nextEpoch();
    const cosLat = cosOfLatitude(lat);
    const { vertices, segmentStart, segmentEnd, segmentLine, pieceSegment, segmentSeen, lineSeen, lineBest } = this;
    const found: number[] = [];
    this.pieces.forEachWithin(lat, lon, radiusM + this.margin, (piece) => {
      const segment = pieceSegment[piece] as number;
      if (segmentSeen[segment] === epoch) return;
      segmentSeen[segment] = epoch;
      const s = segmentStart[segment] as number;
      const e = segmentEnd[segment] as number;
      const line = segmentLine[segment] as number;
      const d = pointToSegmentMeters(
        lat,
        lon,
        vertices[2 * s] as number,
        vertices[2 * s + 1] as number,
        vertices[2 * e] as number,
        vertices[2 * e + 1] as number,
        cosLat,
      );
      if (d > radiusM) return;
      if (lineSeen[line] !== epoch) {
        lineSeen[line] = epoch;
        lineBest[line] = d;
        found.push(line);
      } else if (d < (lineBest[line] as number)) {
        lineBest[line] = d;
      }
    });
    const hits = found.map((line) => ({ line, distanceM: lineBest[line] as number }));
    hits.sort((a, b) => a.distanceM - b.distanceM || a.line - b.line);
    return limit === undefined ? hits : hits.slice(0, limit);
  }

  private nextEpoch(): number {
    if (this.epoch === 0xffffffff) {
      this.epoch = 0;
      this.segmentSeen.fill(0);
      this.lineSeen.fill(0);
    }
    return ++this.epoch;
  }
}

function wrapDelta(delta: number): number {
  if (delta > 180) return delta - 360;
  if (delta < -180) return delta + 360;
  return delta;
}

function wrapLongitude(lon: number): number {
  if (lon > 180) return lon - 360;
  if (lon < -180) return lon + 360;
  return lon;
}

/**
 * An upper bound, in metres, of the length of the straight latitude/longitude path from (lat, ·) over (dLat, dLon):
 * the path's east-west scale never exceeds the largest cos(latitude) along it.
 */
function pathLengthBound(lat: number, dLat: number, dLon: number): number {
  const end = lat + dLat;
  const maxCos = lat * end <= 0 ? 1 : Math.max(cosOfLatitude(lat), cosOfLatitude(end));
  return EARTH_RADIUS_M * DEG_TO_RAD * Math.hypot(dLat, dLon * maxCos);
}
