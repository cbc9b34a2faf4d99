// Small pieces of the text renderings of tool results. The text is what a model reads when it does not parse
// structuredContent: short lines, ids exactly as strings, numbers with their units.

export type Json = Record<string, unknown>;

export function obj(value: unknown): Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
}

export function list(value: unknown): Json[] {
  return Array.isArray(value) ? value.map(obj) : [];
}

export function text(value: unknown, fallback = '?'): string {
  if (value === null || value === undefined || value === '') return fallback;
  return String(value);
}

export function years(span: unknown): string {
  return Array.isArray(span) && span.length === 2 ? `${span[0]}-${span[1]}` : 'years unknown';
}

export function metres(value: unknown): string {
  return typeof value === 'number' ? `${Math.round(value)} m` : '? m';
}

export function point(value: Json): string {
  return `(${text(value.lat)}, ${text(value.lon)})`;
}

export function counted(items: Json[], noun: string): string {
  return `${items.length} ${noun}${items.length === 1 ? '' : 's'}`;
}

// The envelope's honesty note and warnings close every rendering: an agent must not present zero results as
// "nothing there", and should know when a list was capped. So does the attribution the licence asks for, with the
// licence's id and URL: many clients hand the model only this text.
export function closing(body: Json): string[] {
  const lines: string[] = [];
  if (typeof body.note === 'string' && body.note) lines.push(`Note: ${body.note}`);
  for (const warning of Array.isArray(body.warnings) ? body.warnings : []) lines.push(`Warning: ${String(warning)}`);
  const license = obj(body.license);
  if (license.attribution) {
    lines.push(
      `Attribution: ${text(license.attribution)} (licence ${text(license.id)}, ${text(license.url)}; ` +
        'obligations in structuredContent.license, full terms from get_metadata).',
    );
  }
  return lines;
}

export function karteLines(karte: Json, sections: [string, string][]): string[] {
  const lines = sections
    .filter(([key]) => typeof karte[key] === 'string' && karte[key] !== '')
    .map(([key, label]) => `${label}: ${String(karte[key])}`);
  const evidence = Array.isArray(karte.evidence_ids) ? (karte.evidence_ids as string[]) : [];
  if (evidence.length)
    lines.push(`Based on scenes: ${evidence.slice(0, 10).join(', ')}${evidence.length > 10 ? ' ...' : ''}`);
  return lines;
}

export function streetLine(street: Json): string {
  const nearest = obj(street.nearest_edge);
  const distance = nearest.dist_m === undefined ? '' : `, ${metres(nearest.dist_m)} away`;
  return (
    `- street_id ${text(street.street_id)} ${text(street.name)} (${text(street.ward, 'ward unknown')}), grade ` +
    `${text(street.coverage_grade)}, ${text(street.n_scenes, '0')} scenes, ${years(street.year_span)}` +
    `${street.has_karte ? ', has karte' : ', no karte'}${distance}`
  );
}

export function areaLine(area: Json): string {
  return (
    `- town_key ${text(area.town_key)} ${text(area.name)} (${text(area.ward, 'ward unknown')}), grade ` +
    `${text(area.coverage_grade)}, ${text(area.n_scenes, '0')} scenes, ${years(area.year_span)}` +
    `${area.has_karte ? ', has karte' : ', no karte'}`
  );
}

export function sceneLine(scene: Json): string {
  return (
    `- scene ${text(scene.id)} (${text(scene.capture_year, 'year unknown')}, ${metres(scene.distance_m)}, ` +
    `${text(obj(scene.generation).id, 'no generation')}): ${text(scene.summary, '(no summary)')}`
  );
}
