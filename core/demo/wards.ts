/** The wards of 湊浜市 (plus the western hills and the islands, which scenery search lists like wards). */
import { islandAt } from './geography.ts';

export interface Ward {
  label: string;
  labelEn: string;
  kind: 'ward' | 'hills' | 'islands';
  /** Five-digit municipality code used as the prefix of town keys. */
  code: string;
}

export const WARDS: readonly Ward[] = [
  { label: '西区', labelEn: 'Nishi Ward', kind: 'ward', code: '28191' },
  { label: '浜田区', labelEn: 'Hamada Ward', kind: 'ward', code: '28192' },
  { label: '中央区', labelEn: 'Chuo Ward', kind: 'ward', code: '28193' },
  { label: '港区', labelEn: 'Minato Ward', kind: 'ward', code: '28194' },
  { label: '東区', labelEn: 'Higashi Ward', kind: 'ward', code: '28195' },
  { label: '北区', labelEn: 'Kita Ward', kind: 'ward', code: '28196' },
  { label: '宮川区', labelEn: 'Miyagawa Ward', kind: 'ward', code: '28197' },
  { label: '西部丘陵', labelEn: 'Western Hills', kind: 'hills', code: '28198' },
  { label: '湊浜諸島', labelEn: 'Minatohama Islands', kind: 'islands', code: '28199' },
];

export const ISLANDS_WARD = WARDS[WARDS.length - 1] as Ward;

function ward(label: string): Ward {
  const found = WARDS.find((w) => w.label === label);
  if (!found) throw new Error(`unknown ward ${label}`);
  return found;
}

/** The ward containing a point (decided by the centre of its town block, so ward borders follow blocks). */
export function wardAt(lat: number, lon: number): Ward {
  if (islandAt(lat, lon)) return ward('湊浜諸島');
  if (lon < 134.952 && lat > 34.622) return ward('西部丘陵');
  if (lon < 134.952) return ward('西区');
  if (lat >= 34.641) return ward('北区');
  if (lon < 134.972) return ward('浜田区');
  if (lon < 134.992) return ward('宮川区');
  if (lon < 135.025) return ward('中央区');
  if (lon < 135.063) return ward('港区');
  return ward('東区');
}
