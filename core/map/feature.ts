// GeoJSON features as the tiles answer them: positions [lon, lat] rounded to 6 decimals (~0.1 m), as much as the
// data's positions mean and a third of the bytes of full doubles.

export type Position = [number, number];

export interface Feature {
  type: 'Feature';
  geometry:
    | { type: 'Point'; coordinates: Position }
    | { type: 'LineString'; coordinates: Position[] }
    | { type: 'Polygon'; coordinates: Position[][] }
    | { type: 'MultiPolygon'; coordinates: Position[][][] };
  properties: Record<string, string | number | null>;
}

export interface FeatureList {
  features: Feature[];
  truncated: boolean;
}

export function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

export function position(lat: number, lon: number): Position {
  return [round6(lon), round6(lat)];
}

export function pointFeature(lat: number, lon: number, properties: Feature['properties']): Feature {
  return { type: 'Feature', geometry: { type: 'Point', coordinates: position(lat, lon) }, properties };
}
