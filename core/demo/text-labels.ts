/**
 * What the generator's wording outside its phrasings states (text-labels.yaml): the kind of place, a title's
 * catalogue label, names read off signs and structured values. An observation records each such wording as a
 * statement, beside the statements of its phrasings, so what a scene shows is what its texts state.
 */
import { readFileSync } from 'node:fs';
import { CORE_SCHEMA, load } from 'js-yaml';

/** What one piece of an observation's text states: the categories it shows and the ones it says are missing. */
export interface Statement {
  /** Where the piece is written: the title, the summary or the analysis JSON (where it may be cut off). */
  where: 'title' | 'summary' | 'analysis';
  /** The piece as written; in the analysis, as it appears in the JSON (`"slope":"平坦"` for a structured value). */
  text: string;
  shows: readonly string[];
  denies: readonly string[];
}

export interface WordingLabels {
  shows: readonly string[];
  denies: readonly string[];
}

type Entry = { shows?: string[]; denies?: string[] };

export interface TextLabelsFile {
  version: number;
  settings: Record<string, Entry>;
  labels: Record<string, Entry>;
  signs: Record<string, Entry>;
  fields: Record<string, Record<string, Entry>>;
}

export const TEXT_LABELS_PATH = new URL('./text-labels.yaml', import.meta.url);

const NONE: WordingLabels = { shows: [], denies: [] };
let cache: TextLabelsFile | null = null;

export function loadTextLabels(path: URL | string = TEXT_LABELS_PATH): TextLabelsFile {
  if (cache && path === TEXT_LABELS_PATH) return cache;
  const file = load(readFileSync(path, 'utf8'), { schema: CORE_SCHEMA }) as TextLabelsFile;
  if (path === TEXT_LABELS_PATH) cache = file;
  return file;
}

const labelsOf = (entry: Entry | undefined): WordingLabels =>
  entry ? { shows: entry.shows ?? [], denies: entry.denies ?? [] } : NONE;

/** What naming the kind of place states (住宅地: a residential street). */
export const settingLabels = (short: string) => labelsOf(loadTextLabels().settings[short]);
/** What a catalogue label states besides its own category (石段: outdoor stairs too). */
export const categoryLabelLabels = (label: string) => labelsOf(loadTextLabels().labels[label]);
/** What a name read off a sign states, by the kind of place named. */
export const signLabels = (kind: string) => labelsOf(loadTextLabels().signs[kind]);

/**
 * The statements of an analysis's structured values: each listed `section.key` whose value the table labels, as
 * the JSON writes it. Keys are unique within the analysis JSON, so the written pair finds the value again.
 */
export function fieldStatements(analysis: Record<string, unknown>): Statement[] {
  const out: Statement[] = [];
  for (const [path, values] of Object.entries(loadTextLabels().fields)) {
    const [section, key] = path.split('.') as [string, string];
    const value = (analysis[section] as Record<string, unknown> | undefined)?.[key];
    if (value === undefined) continue;
    const labels = labelsOf(values[String(value)]);
    if (labels.shows.length === 0 && labels.denies.length === 0) continue;
    out.push({ where: 'analysis', text: `${JSON.stringify(key)}:${JSON.stringify(value)}`, ...labels });
  }
  return out;
}

/** The settings' kind of place as an analysis field writes it (road_context.setting). */
export function settingFieldText(short: string): string {
  return `"setting":${JSON.stringify(short)}`;
}
