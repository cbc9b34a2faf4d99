/**
 * Structured field values whose words say what a category is without naming it (analysis-tags.ts reads the values
 * that name one): a way no vehicle can use, or a walkers' space inside an arcade, is a pedestrian street; a
 * historic district is a historic streetscape. Values matched whole, as analysis-tags.ts matches them.
 */
import { analysisTags, type FieldTable } from './analysis-tags.ts';

const MEANINGS: FieldTable = {
  road_structure: {
    type: {
      車両の通れない通路: 'pedestrian_street',
      アーケード内の歩行者空間: 'pedestrian_street',
    },
    // A passage rather than a road: walkers' ground.
    facility_type: { 通路: 'pedestrian_street' },
  },
  road_context: {
    setting: { 歴史的街区: 'historic_streetscape' },
  },
};

/** Category ids the analysis fields state by meaning. */
export function analysisMeaningTags(analysis: Record<string, unknown> | null): string[] {
  return analysisTags(analysis, MEANINGS);
}
