/**
 * The structured parts of an analysis: road structure, geometry and pavement, stated from what the scene shows; what
 * each value states is labelled in text-labels.yaml.
 */
import type { PlaceContext } from './affinity.ts';
import type { AnalysisSection } from './categories.ts';

export interface StructureFacts {
  has: (id: string) => boolean;
  tags: readonly PlaceContext[];
  highway: string;
  version: 1 | 2;
}

type SectionFn = (name: AnalysisSection, extra?: Record<string, unknown>) => Record<string, unknown>;

function roadType(f: StructureFacts): [string, string, number | null] {
  if (f.has('outdoor_stairs') || f.has('stone_steps') || f.has('stepped_slope')) return ['屋外階段', '階段', null];
  if (f.has('covered_arcade')) return ['アーケード内の歩行者空間', 'アーケード', null];
  if (f.has('bridge') && f.tags.includes('bridge')) return ['橋梁上の道路', '橋梁', 2];
  if (f.has('under_viaduct')) return ['高架下の道路', '高架下道路', 2];
  if (f.has('pedestrian_street')) return ['歩行者用の通路', '歩行者専用道', null];
  if (f.highway === 'footway' || f.highway === 'steps') return ['車両の通れない通路', '通路', null];
  if (f.has('narrow_alley')) return ['幅員の狭い路地', '一般道路', 1];
  if (f.highway === 'primary') return ['片側二車線の道路', '一般道路', 4];
  // A centre line is a road marking and a 生活道路 a residential street: named only when the scene shows them.
  if (f.highway === 'secondary' || f.highway === 'tertiary')
    return [f.has('road_markings') ? '片側一車線の道路（中央線あり）' : '片側一車線の道路', '一般道路', 2];
  if (f.highway === 'service') return ['敷地に沿った通路', '私道', 1];
  return [f.has('residential_street') ? '中央線のない生活道路' : '中央線のない道路', '一般道路', 1];
}

const SURFACES: [string, string][] = [
  ['stone_paving', '石畳'],
  ['cobblestone_setts', '小舗石'],
  ['brick_paving', 'レンガ'],
  ['unpaved_road', '未舗装（土・砂利）'],
  ['concrete_pavement', 'コンクリート'],
  ['interlocking_pavers', 'インターロッキングブロック'],
  ['asphalt_pavement', 'アスファルト'],
];

export function describeStructure(f: StructureFacts, section: SectionFn): Record<string, unknown> {
  const [type, facility, lanes] = roadType(f);
  const slope = f.has('steep_slope')
    ? '急勾配'
    : f.has('slope_road') || f.has('stepped_slope')
      ? '緩やかな勾配'
      : '平坦';
  const curvature = f.has('winding_road') ? '屈曲が多い' : f.has('dead_end') ? '行き止まり' : '直線的';
  const surface = SURFACES.find(([id]) => f.has(id))?.[1] ?? (f.version === 2 ? '判別しにくい' : '不明');
  const condition = f.has('cracked_pavement') ? '劣化が目立つ' : f.has('wet_road') ? '濡れている' : '概ね良好';
  return {
    road_structure: section('road_structure', {
      type,
      facility_type: facility,
      grade_separated_crossing: f.has('pedestrian_bridge') || f.has('elevated_road') || f.has('under_viaduct'),
      lanes,
    }),
    geometry: section('geometry', { slope, curvature }),
    pavement: section('pavement', { surface, condition }),
  };
}
