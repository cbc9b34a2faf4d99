/**
 * Categories stated by the structured analysis fields rather than by their prose. The place-lookup spec documents
 * `road_structure.type`, `facility_type` and `grade_separated_crossing`; releases also write short labels such as
 * `geometry.slope`, `geometry.curvature` and `pavement.condition`. A field value names a category only where its
 * meaning is that category and nothing wider: `water.visible: true` or `vegetation.green_level: 多い` could be any of
 * several waterside or greenery categories, and `grade_separated_crossing: true` any of a footbridge, an elevated
 * road or the space under one, so they tag nothing. Values are matched whole after NFKC (the label, not a sentence
 * that contains it; sentences go through the text tagger).
 */

export type FieldTable = Record<string, Record<string, Record<string, string>>>;

const TABLE: FieldTable = {
  road_structure: {
    type: {
      交差点: 'intersection',
      十字路: 'intersection',
      丁字路: 'intersection',
      トンネル: 'tunnel',
      隧道: 'tunnel',
      屋外階段: 'outdoor_stairs',
      階段: 'outdoor_stairs',
      高架下の道路: 'under_viaduct',
      高架道路: 'elevated_road',
      歩道橋: 'pedestrian_bridge',
      橋梁上の道路: 'bridge',
      踏切: 'railroad_crossing',
    },
    facility_type: {
      歩行者専用道: 'pedestrian_street',
      アーケード: 'covered_arcade',
      高架下道路: 'under_viaduct',
      橋梁: 'bridge',
      階段: 'outdoor_stairs',
    },
  },
  geometry: {
    slope: { 急勾配: 'steep_slope', 急坂: 'steep_slope' },
    curvature: { 屈曲が多い: 'winding_road', 行き止まり: 'dead_end' },
  },
  pavement: {
    surface: {
      石畳: 'stone_paving',
      小舗石: 'cobblestone_setts',
      レンガ: 'brick_paving',
      インターロッキングブロック: 'interlocking_pavers',
      アスファルト: 'asphalt_pavement',
      コンクリート: 'concrete_pavement',
      未舗装: 'unpaved_road',
    },
    condition: { 濡れている: 'wet_road', 劣化が目立つ: 'cracked_pavement', ひび割れ: 'cracked_pavement' },
  },
};

/** Category ids the analysis fields state. */
export function analysisTags(analysis: Record<string, unknown> | null, table: FieldTable = TABLE): string[] {
  if (!analysis) return [];
  const out: string[] = [];
  for (const [section, fields] of Object.entries(table)) {
    const record = analysis[section];
    if (record === null || typeof record !== 'object' || Array.isArray(record)) continue;
    for (const [field, values] of Object.entries(fields)) {
      const value = (record as Record<string, unknown>)[field];
      if (typeof value !== 'string') continue;
      const id =
        values[
          value
            .normalize('NFKC')
            .trim()
            .replace(/[（(].*$/u, '')
        ];
      if (id) out.push(id);
    }
  }
  return out;
}
