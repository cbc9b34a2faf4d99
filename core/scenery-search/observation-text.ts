/**
 * Flattens an observation (summary + structured analysis) into its text leaves, each with the JSON pointer that
 * finds it again in the observation object. Quotes and the judge both work on these leaves.
 */

export interface TextLeaf {
  /** RFC 6901 pointer into the observation object, e.g. /analysis/pavement/surface. */
  pointer: string;
  /** The first analysis key (pavement, signage …) or `summary`. */
  section: string;
  text: string;
}

/** What the search needs of an observation; analysis is null when the stored analysis is invalid. */
export interface SearchableObservation {
  summary: string;
  analysis: Record<string, unknown> | null;
}

function escapePointerToken(token: string): string {
  return token.includes('~') || token.includes('/') ? token.replace(/~/g, '~0').replace(/\//g, '~1') : token;
}

// Keys that carry file names and machine metadata rather than what the model saw.
const SKIPPED_SECTIONS = new Set(['image_file', 'capture_meta']);

function walk(value: unknown, pointer: string, section: string, out: TextLeaf[]): void {
  if (typeof value === 'string') {
    if (value.trim() !== '') out.push({ pointer, section, text: value });
    return;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) walk(value[i], `${pointer}/${i}`, section, out);
    return;
  }
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const key in record) walk(record[key], `${pointer}/${escapePointerToken(key)}`, section, out);
  }
}

export function collectTextLeaves(observation: SearchableObservation): TextLeaf[] {
  const out: TextLeaf[] = [];
  if (observation.summary) out.push({ pointer: '/summary', section: 'summary', text: observation.summary });
  if (observation.analysis) {
    for (const [section, value] of Object.entries(observation.analysis)) {
      if (SKIPPED_SECTIONS.has(section)) continue;
      walk(value, `/analysis/${escapePointerToken(section)}`, section, out);
    }
  }
  return out;
}

/** The dotted form of a pointer (analysis.pavement.surface) for the quote's `path`. */
export function pointerToPath(pointer: string): string {
  return pointer
    .slice(1)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}
