/** Named places of the demo city: their names are the proper nouns kartes may use. */

export type LandmarkKind =
  | '神社'
  | '寺院'
  | '公園'
  | '港'
  | '倉庫群'
  | '灯台'
  | '商店街'
  | '市場'
  | '歴史地区'
  | '海浜';

export interface LandmarkPlace {
  name: string;
  kind: LandmarkKind;
  lat: number;
  lon: number;
  /** Scenes within this many metres can see it. */
  radiusM: number;
}

export const LANDMARKS: readonly LandmarkPlace[] = [
  { name: '湊浜神社', kind: '神社', lat: 34.628, lon: 135.002, radiusM: 220 },
  { name: '浜宮八幡神社', kind: '神社', lat: 34.6075, lon: 134.96, radiusM: 200 },
  { name: '天神社', kind: '神社', lat: 34.6505, lon: 134.985, radiusM: 200 },
  { name: '山王神社', kind: '神社', lat: 34.64, lon: 134.93, radiusM: 220 },
  { name: '海神社', kind: '神社', lat: 34.5685, lon: 134.925, radiusM: 250 },
  { name: '稲荷社', kind: '神社', lat: 34.6215, lon: 135.082, radiusM: 160 },
  { name: '妙光寺', kind: '寺院', lat: 34.636, lon: 135.025, radiusM: 200 },
  { name: '西福寺', kind: '寺院', lat: 34.615, lon: 134.935, radiusM: 200 },
  { name: '大龍寺', kind: '寺院', lat: 34.655, lon: 135.04, radiusM: 240 },
  { name: '湊浜公園', kind: '公園', lat: 34.612, lon: 135.012, radiusM: 220 },
  { name: '東遊園地', kind: '公園', lat: 34.609, lon: 135.04, radiusM: 220 },
  { name: '山手公園', kind: '公園', lat: 34.6455, lon: 135.0, radiusM: 220 },
  { name: '松風海浜公園', kind: '海浜', lat: 34.6015, lon: 134.925, radiusM: 350 },
  { name: '湊浜港中突堤', kind: '港', lat: 34.6025, lon: 135.03, radiusM: 300 },
  { name: '赤れんが倉庫', kind: '倉庫群', lat: 34.6045, lon: 135.046, radiusM: 250 },
  { name: '湊浜灯台', kind: '灯台', lat: 34.5645, lon: 134.944, radiusM: 300 },
  { name: '本町商店街', kind: '商店街', lat: 34.6195, lon: 135.003, radiusM: 260 },
  { name: '元町商店街', kind: '商店街', lat: 34.6165, lon: 135.013, radiusM: 260 },
  { name: '湊浜中央市場', kind: '市場', lat: 34.611, lon: 134.995, radiusM: 200 },
  { name: '旧居留地', kind: '歴史地区', lat: 34.6135, lon: 135.021, radiusM: 300 },
  { name: '北山手異人館街', kind: '歴史地区', lat: 34.641, lon: 135.012, radiusM: 320 },
];
