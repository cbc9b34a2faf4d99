import {
  areaLine,
  closing,
  counted,
  type Json,
  karteLines,
  list,
  metres,
  obj,
  point,
  sceneLine,
  streetLine,
  text,
  years,
} from './render-parts.ts';

// The readable rendering (`content[0].text`) of each tool's structuredContent.

export type Renderer = (body: Json) => string[];

const streetSections: [string, string][] = [
  ['character', 'Character'],
  ['tsuranari', 'Continuity'],
  ['sides', 'Sides'],
  ['streetscape', 'Streetscape'],
  ['walking', 'Walking'],
  ['notable', 'Notable'],
  ['changes_summary', 'Changes'],
  ['coverage_note', 'Coverage'],
];

const areaSections: [string, string][] = [
  ['character', 'Character'],
  ['skeleton', 'Street skeleton'],
  ['streetscape', 'Streetscape'],
  ['walking', 'Walking'],
  ['notable', 'Notable'],
  ['changes_summary', 'Changes'],
  ['compared_to', 'Compared with neighbours'],
  ['coverage_note', 'Coverage'],
];

function metadata(body: Json): string[] {
  const release = obj(body.release);
  const counts = obj(body.counts);
  const range = obj(body.years);
  const generations = list(body.generations).map((g) => `${text(g.id)} (${text(g.status)}, v${text(g.version)})`);
  return [
    `Release ${text(release.release_id)} (${text(release.status)}), data as of ${text(release.data_as_of, 'unknown')}.`,
    `Scenes served ${text(counts.served_total)}, released ${text(counts.released_total)}, experimental ` +
      `${text(counts.experimental_total)}; supported changes ${text(counts.changes_total)}; schools ${text(counts.schools_total)}.`,
    `Capture years ${text(range.min)}-${text(range.max)}.`,
    ...whereabouts(body),
    `Generations: ${generations.join(', ') || 'none'}.`,
  ];
}

// Tells an agent where a nearby or area call can land inside the city instead of guessing coordinates.
function whereabouts(body: Json): string[] {
  const box = Array.isArray(body.extent) ? body.extent.map((v) => text(v)).join(', ') : null;
  const start = body.example_point ? obj(body.example_point) : null;
  return [
    ...(box ? [`Scenes lie within [min_lat, min_lon, max_lat, max_lon] [${box}].`] : []),
    ...(start ? [`Example point with nearby scenes: ${point(start)}.`] : []),
  ];
}

function schools(body: Json): string[] {
  const results = list(body.results);
  return [
    `${counted(results, 'school')} match ${JSON.stringify(text(body.query, ''))}.`,
    ...results.map((s) => `- ${text(s.name)} (school_id ${text(s.school_id)}) at ${point(s)}`),
  ];
}

export function coverageLines(body: Json): string[] {
  const query = obj(body.query);
  const byYear = Object.entries(obj(body.scenes_by_year)).map(([year, n]) => `${year}: ${String(n)}`);
  return [
    `Within ${text(query.radius_m)} m of ${point(query)}: ${text(body.scenes_total, '0')} scenes under the quality ` +
      `policy (released ${text(body.released_count, '0')}, experimental ${text(body.experimental_count, '0')}), ` +
      `latest year ${text(body.latest_year, 'unknown')}, ${text(body.n_changes, '0')} supported changes.`,
    ...(byYear.length ? [`By year: ${byYear.join(', ')}.`] : []),
  ];
}

function scene(body: Json): string[] {
  const core = obj(body.scene);
  const verbalization = body.verbalization === null ? null : obj(body.verbalization);
  const available = list(body.available_generations).map((g) => text(g.id));
  const head =
    `Scene ${text(core.id)} at ${point(core)}, ${text(core.capture_year, 'year unknown')}, ` +
    `${text(core.ward, 'ward unknown')}${core.quarantined ? ' (quarantined: anomalous capture time)' : ''}.`;
  const observation = verbalization
    ? [`Observation by ${text(obj(verbalization.generation).id)}: ${text(verbalization.summary, '(no summary)')}`]
    : [`No observation under this quality policy. Available generations: ${available.join(', ') || 'none'}.`];
  return [head, ...observation, `Photo page: ${text(body.image_page)}`];
}

function changes(body: Json): string[] {
  const query = obj(body.query);
  const results = list(body.results);
  return [
    `${counted(results, 'change')} (status ${text(query.status)}) within ${text(query.radius_m)} m of ${point(query)}.`,
    ...results.map(
      (c) =>
        `- ${text(c.change_id)} ${text(c.year_a)}→${text(c.year_b)} [${text(c.category)}] ${text(c.subject)} ` +
        `(${metres(c.distance_m)}): ${text(c.evidence, '')}`,
    ),
  ];
}

function amenities(body: Json): string[] {
  const query = obj(body.query);
  const results = list(body.results);
  return [
    `${counted(results, 'photograph')} showing ${text(query.kind)} within ${text(query.radius_m)} m of ` +
      `${point(query)} (positions are where the photo was taken; presence and usability are not verified).`,
    ...results.map(
      (a) =>
        `- scene ${text(a.scene_id)}, ${metres(a.distance_m)}, ${text(a.capture_year)}, ${text(a.confidence)} ` +
        `confidence: ${text(a.evidence)} (${text(a.object_position, 'position unknown')}) ${text(a.image_page)}`,
    ),
  ];
}

function described(body: Json, id: string, sections: [string, string][]): string[] {
  const head =
    `${text(body.name)} (${id}, ${text(body.ward, 'ward unknown')}): grade ${text(body.coverage_grade)}, ` +
    `${text(body.n_scenes, '0')} scenes, ${years(body.year_span)}.`;
  if (body.karte === null || body.karte === undefined) {
    return [head, 'No karte: too little is recorded here to describe it (grade D or not generated).'];
  }
  return [head, ...karteLines(obj(body.karte), sections)];
}

function found(noun: string, line: (item: Json) => string): Renderer {
  return (body) => {
    const results = list(body.results);
    const query = obj(body.query);
    const ward = query.ward ? ` in ${text(query.ward)}` : '';
    return [`${counted(results, noun)} match ${JSON.stringify(text(query.q, ''))}${ward}.`, ...results.map(line)];
  };
}

export function describeLocationLines(body: Json): string[] {
  const scenes = list(obj(body.scenes).results);
  const area = obj(body.area).area;
  const streets = obj(body.streets);
  const unnamed = list(streets.unnamed_edges).map(
    (e) => `- edge ${text(e.edge_id)} (${text(e.highway_class, 'class unknown')}, ${metres(e.dist_m)} away)`,
  );
  return [
    `Around ${point(obj(body.query))}, radius ${text(obj(body.query).radius_m)} m:`,
    `Scenes (${scenes.length}${obj(body.capped).scenes ? ', capped' : ''}):`,
    ...scenes.map(sceneLine),
    area ? `Town block: ${areaLine(obj(area)).slice(2)}` : 'Town block: none of the layer contains the point.',
    `Streets (${list(streets.streets).length}${obj(body.capped).streets ? ', capped' : ''}):`,
    ...list(streets.streets).map(streetLine),
    ...(unnamed.length ? ['Unnamed road edges:', ...unnamed] : []),
    ...coverageLines(obj(body.coverage)),
  ];
}

export const renderers: Record<string, Renderer> = {
  get_metadata: metadata,
  find_school: schools,
  coverage: coverageLines,
  get_scene: scene,
  changes_near: changes,
  find_amenities: amenities,
  describe_street: (body) => described(body, `street_id ${text(body.street_id)}`, streetSections),
  describe_area: (body) => described(body, `town_key ${text(body.town_key)}`, areaSections),
  find_street: found('street', streetLine),
  find_area: found('town block', areaLine),
  describe_location: describeLocationLines,
};

export function renderText(tool: string, body: Json): string {
  const render = renderers[tool] ?? (() => []);
  return [...render(body), ...closing(body)].join('\n');
}
