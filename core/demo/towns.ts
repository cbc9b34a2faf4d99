/**
 * Town blocks (2020-census-style small areas): a jittered grid whose quads share vertices, so the polygons tile the
 * city without gaps or overlaps. Consecutive blocks of one ward form a town with 丁目 numbers.
 */
import { M_PER_DEG_LAT, M_PER_DEG_LON, pointInRing } from './geo.ts';
import { BOUNDS, elevationM, isLand, islandAt, metresFromSea } from './geography.ts';
import type { Rng } from './rng.ts';
import { ISLANDS_WARD, type Ward, wardAt } from './wards.ts';

export interface TownBlock {
  index: number;
  key: string;
  name: string;
  townName: string;
  ward: Ward;
  /** Outer ring as [lon, lat], counter-clockwise, closed. */
  ring: [number, number][];
  center: [number, number];
  areaM2: number;
}

const STEP_LON = 0.0045;
const STEP_LAT = 0.0037;
const COLS = Math.ceil((BOUNDS.east - BOUNDS.west) / STEP_LON);
const ROWS = Math.ceil((BOUNDS.north - BOUNDS.south) / STEP_LAT);
const CHOME = ['一', '二', '三', '四', '五'];
const STEMS = [
  '本',
  '元',
  '栄',
  '宮',
  '浜',
  '港',
  '松',
  '桜',
  '若葉',
  '旭',
  '緑',
  '寿',
  '錦',
  '宝',
  '大和',
  '住吉',
  '汐見',
  '潮見',
  '千鳥',
  '磯',
  '青葉',
  '日の出',
  '東雲',
  '相生',
  '高砂',
  '花園',
  '山手',
  '北野',
  '中山',
  '城',
  '天神',
  '弁天',
  '楠',
  '橘',
  '柳',
  '梅',
  '竹',
  '菊',
  '春日',
  '朝日',
  '御影',
  '入江',
  '浦',
  '舞子',
  '霞',
  '清水',
  '白川',
  '泉',
  '稲荷',
  '八幡',
  '観音',
  '小松',
  '長田',
  '大倉',
  '平野',
  '雲雀',
  '鶴',
  '亀',
  '鷹',
  '鳴尾',
  '若松',
  '常盤',
  '福',
  '萩',
];
const PREFIXES = ['', '', '', '東', '西', '南', '北', '新', '上', '下'];

export class TownGrid {
  readonly blocks: TownBlock[] = [];
  private readonly byCell = new Map<number, TownBlock>();
  private readonly vertices: [number, number][];

  constructor(rng: Rng) {
    this.vertices = [];
    for (let r = 0; r <= ROWS; r++) {
      for (let c = 0; c <= COLS; c++) {
        const inner = r > 0 && c > 0 && r < ROWS && c < COLS;
        const jLon = inner ? rng.range(-0.18, 0.18) * STEP_LON : 0;
        const jLat = inner ? rng.range(-0.18, 0.18) * STEP_LAT : 0;
        this.vertices.push([BOUNDS.west + c * STEP_LON + jLon, BOUNDS.south + r * STEP_LAT + jLat]);
      }
    }
    this.buildBlocks(rng);
  }

  private vertex(r: number, c: number): [number, number] {
    return this.vertices[r * (COLS + 1) + c] as [number, number];
  }

  private buildBlocks(rng: Rng): void {
    const used = new Set<string>();
    const townCounter = new Map<string, number>();
    for (let r = 0; r < ROWS; r++) {
      let c = 0;
      while (c < COLS) {
        const first = this.cellShape(r, c);
        if (!first) {
          c++;
          continue;
        }
        const ward = first.ward;
        const run: { c: number; shape: NonNullable<ReturnType<TownGrid['cellShape']>> }[] = [];
        const want = rng.int(1, 4);
        while (run.length < want && c < COLS) {
          const shape = this.cellShape(r, c);
          if (!shape || shape.ward !== ward) break;
          run.push({ c, shape });
          c++;
        }
        const townName = this.nameTown(rng, used, first.center);
        const n = (townCounter.get(ward.code) ?? 0) + 1;
        townCounter.set(ward.code, n);
        const townCode = `${ward.code}${String(n * 10).padStart(4, '0')}`;
        run.forEach(({ c: col, shape }, i) => {
          const single = run.length === 1;
          const block: TownBlock = {
            index: this.blocks.length,
            key: single ? townCode : `${townCode}${String(i + 1).padStart(2, '0')}`,
            name: single ? townName : `${townName}${CHOME[i]}丁目`,
            townName,
            ward,
            ring: shape.ring,
            center: shape.center,
            areaM2: shape.areaM2,
          };
          this.blocks.push(block);
          this.byCell.set(r * COLS + col, block);
        });
      }
    }
  }

  private cellShape(r: number, c: number) {
    const corners = [this.vertex(r, c), this.vertex(r, c + 1), this.vertex(r + 1, c + 1), this.vertex(r + 1, c)];
    const lon = corners.reduce((s, p) => s + p[0], 0) / 4;
    const lat = corners.reduce((s, p) => s + p[1], 0) / 4;
    const land = isLand(lat, lon) || corners.some(([x, y]) => isLand(y, x));
    if (!land) return null;
    const ring: [number, number][] = [...corners, corners[0] as [number, number]];
    let twice = 0;
    for (let i = 1; i < ring.length; i++) {
      const a = ring[i - 1] as [number, number];
      const b = ring[i] as [number, number];
      twice += a[0] * M_PER_DEG_LON * (b[1] * M_PER_DEG_LAT) - b[0] * M_PER_DEG_LON * (a[1] * M_PER_DEG_LAT);
    }
    // A block touching an island belongs to the islands, whatever its centre (which may lie at sea).
    const island = islandAt(lat, lon) || corners.some(([x, y]) => islandAt(y, x));
    const ward = island ? ISLANDS_WARD : wardAt(lat, lon);
    return { ring, center: [lat, lon] as [number, number], areaM2: Math.round(Math.abs(twice) / 2), ward };
  }

  private nameTown(rng: Rng, used: Set<string>, [lat, lon]: [number, number]): string {
    const suffix =
      elevationM(lat, lon) > 60
        ? rng.pick(['台', 'ヶ丘', '山手町'])
        : metresFromSea(lat, lon) < 400
          ? rng.pick(['浜町', '町', '海岸町'])
          : rng.pick(['町', '町', '町', '通']);
    for (let attempt = 0; ; attempt++) {
      const name = `${attempt > 20 ? rng.pick(PREFIXES.slice(3)) : rng.pick(PREFIXES)}${rng.pick(STEMS)}${suffix}`;
      if (!used.has(name)) {
        used.add(name);
        return name;
      }
    }
  }

  /** The block containing a point, or undefined outside every block. */
  locate(lat: number, lon: number): TownBlock | undefined {
    const c0 = Math.floor((lon - BOUNDS.west) / STEP_LON);
    const r0 = Math.floor((lat - BOUNDS.south) / STEP_LAT);
    for (let dr = 0; dr <= 2; dr++) {
      for (const r of dr === 0 ? [r0] : [r0 - 1, r0 + 1]) {
        for (const c of [c0, c0 - 1, c0 + 1]) {
          const block = this.byCell.get(r * COLS + c);
          if (block && r >= 0 && c >= 0 && c < COLS && pointInRing(lat, lon, block.ring)) return block;
        }
      }
      if (dr === 1) break;
    }
    return undefined;
  }
}
