import type { ListCap } from './caps.ts';

// What the spec does not say about each tool: how long its lists may get in a result, and where an agent finds a
// valid identifier after a miss (the REST route's 404).

export interface ToolSettings {
  caps: ListCap[];
  onNotFound: string;
  // Members of the result that the advertised outputSchema types only: parts an agent seldom reads (the REST
  // reference documents them), so tools/list stays affordable.
  typedOnly: string[];
}

const narrowSearch = 'give a longer part of the name or a ward to narrow it';

export const toolSettings: Record<string, Partial<ToolSettings>> = {
  get_metadata: { typedOnly: ['metrics', 'machine_feature_coverage', 'sharding', 'counting_notes'] },
  get_scene: {
    typedOnly: ['metadata', 'machine'],
    onNotFound:
      'The id is not in this release. Scene ids come from describe_location (scenes.results[].id), find_amenities ' +
      '(scene_id) or a karte (evidence_ids); pass them exactly as strings, never as numbers.',
  },
  describe_street: {
    typedOnly: ['profile', 'karte_provenance', 'karte_versions', 'axis'],
    caps: [{ list: 'edges', max: 20, hint: 'GET /v1/streets/{street_id}?include=edges lists every edge.' }],
    onNotFound: 'No street has this street_id. Get one from find_street or describe_location (streets.streets[]).',
  },
  describe_area: {
    typedOnly: ['profile', 'karte_provenance', 'karte_versions', 'geometry'],
    onNotFound: 'No town block has this town_key. Get one from find_area or describe_location (area.area.town_key).',
  },
  find_street: { caps: [{ list: 'results', max: 20, hint: narrowSearch }] },
  find_area: { caps: [{ list: 'results', max: 20, hint: narrowSearch }] },
  changes_near: {
    caps: [{ list: 'results', max: 20, hint: 'use a smaller radius_m, a category or year_from/year_to to narrow it.' }],
  },
};

export function settingsOf(tool: string): ToolSettings {
  const settings = toolSettings[tool] ?? {};
  return {
    caps: settings.caps ?? [],
    onNotFound: settings.onNotFound ?? 'Check the identifier against the results of the search tools.',
    typedOnly: settings.typedOnly ?? [],
  };
}
