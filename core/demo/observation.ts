/**
 * Writes what a vision-language model "saw" in one scene: a title, a summary and the structured analysis, in the
 * style of generation 1 (older, shorter, です・ます) or 2 (richer, だ・である). Every category the scene shows is
 * stated with one of the generator's own phrasings (phrasings.yaml, never the search's catalogue wording); a few
 * absent ones are stated as absent with its absent phrasings. What a phrasing states besides its own category
 * (phrasing-labels.yaml) is recorded with the observation, and no phrasing denies a category the scene shows.
 */
import type { PlaceContext } from './affinity.ts';
import { ANALYSIS_SECTIONS, type AnalysisSection, type Category } from './categories.ts';
import type { LandmarkPlace } from './landmarks.ts';
import { phrasingSentence, seasonOf, settingOf, timeOfDay, weatherOf } from './phrasing.ts';
import { labelsOf, phrasingsOf } from './phrasings.ts';
import type { Rng } from './rng.ts';
import type { CaptureMoment } from './seasons.ts';
import { readSigns } from './signs.ts';
import { describeStructure, type StructureFacts } from './structure.ts';
import {
  categoryLabelLabels,
  fieldStatements,
  type Statement,
  settingFieldText,
  settingLabels,
} from './text-labels.ts';

export interface SceneStory {
  sceneId: string;
  categories: Category[];
  /** Categories the place could show but this scene does not (candidates for "…は見当たらない"). */
  absent: Category[];
  tags: readonly PlaceContext[];
  moment: CaptureMoment;
  viewClass: string | null;
  isPano: boolean | null;
  cameraType: string | null;
  captureYear: number | null;
  landmarks: readonly LandmarkPlace[];
  streetName: string | null;
  highway: string;
  /** What the scene's texts written before this one show and deny: a later text never contradicts them. */
  said?: { shows: ReadonlySet<string>; denies: ReadonlySet<string> };
}

export interface Quote {
  field: string;
  text: string;
  position: string | null;
}

export interface Observation {
  title: string;
  summary: string;
  analysis: Record<string, unknown>;
  /** Indices of the categories the text states (summary and analysis). */
  expressed: Set<number>;
  summaryExpressed: Set<number>;
  quotes: Map<number, Quote>;
  /** Category ids the phrasings state besides the ones they were chosen for (summary and analysis; summary). */
  alsoShows: Set<string>;
  summaryAlsoShows: Set<string>;
  /** Category ids the text says are not there (summary and analysis; summary). */
  denies: Set<string>;
  summaryDenies: Set<string>;
  /** Every piece of the text that states categories (phrasings, the kind of place, title, signs, fields). */
  statements: Statement[];
}

/** Common street furniture is true of most photos and says little; summaries prefer the rest. */
const BACKGROUND = new Set([
  'asphalt_pavement',
  'utility_poles',
  'overhead_wires',
  'road_markings',
  'drainage_gutter',
  'manhole_cover',
  'street_lights',
  'road_signs',
  'intersection',
  'blue_sky',
  'residential_street',
]);

/** Atmosphere categories a summary closes with, in order of preference. */
const MOODS = [
  'lively_street',
  'retro_atmosphere',
  'nostalgic_scenery',
  'run_down',
  'cluttered',
  'lived_in',
  'quiet_street',
];

export function writeObservation(rng: Rng, story: SceneStory, version: 1 | 2): Observation {
  const sections = new Map<AnalysisSection, string[]>(ANALYSIS_SECTIONS.map((s) => [s, []]));
  const markings: Record<string, string>[] = [];
  const expressed = new Set<number>();
  const quotes = new Map<number, Quote>();
  const statements: Statement[] = [];
  const kept = version === 2 ? story.categories : story.categories.filter((_, i) => i < 4 || rng.chance(0.7));
  const keptIds = new Set(kept.map((c) => c.id));
  const has = (id: string) => keptIds.has(id);
  const alsoShows = new Set<string>();
  const summaryAlsoShows = new Set<string>();
  const denies = new Set<string>();
  const summaryDenies = new Set<string>();
  /** What the scene shows: all its categories (an older model leaves some unsaid) and what its wording states. */
  const sceneIds = new Set(story.categories.map((c) => c.id));
  // The summary names the kind of place (住宅地, 港湾地区), one whose name states only what the scene shows.
  const fits = (short: string) => settingLabels(short).shows.every((id) => sceneIds.has(id));
  const [, settingShort] = settingOf(has, story.tags, fits);
  const setting = settingLabels(settingShort);
  const inScene = (id: string) =>
    sceneIds.has(id) ||
    alsoShows.has(id) ||
    summaryAlsoShows.has(id) ||
    setting.shows.includes(id) ||
    story.said?.shows.has(id) === true;
  const denied = (id: string) => denies.has(id) || summaryDenies.has(id) || story.said?.denies.has(id) === true;
  /** One present phrasing of a category: never one that denies what the scene shows or shows what the text denied. */
  const presentClause = (id: string, where: 'summary' | 'analysis'): string => {
    const all = phrasingsOf(id).present;
    const fitting = all.filter((clause) => {
      const labels = labelsOf(clause);
      return !labels.denies.some(inScene) && !labels.shows.some(denied);
    });
    const clause = rng.pick(fitting.length > 0 ? fitting : all);
    const labels = labelsOf(clause);
    const inSummary = where === 'summary';
    for (const other of labels.shows) (inSummary ? summaryAlsoShows : alsoShows).add(other);
    for (const other of labels.denies) (inSummary ? summaryDenies : denies).add(other);
    const text = phrasingSentence(clause, version).text;
    statements.push({ where, text, shows: [id, ...labels.shows], denies: labels.denies });
    return clause;
  };
  for (const cat of kept) {
    const field = version === 2 && rng.chance(0.4) ? rng.pick(cat.fields) : (cat.fields[0] as AnalysisSection);
    const sentence = phrasingSentence(presentClause(cat.id, 'analysis'), version);
    if (field === 'markings_wear') {
      markings.push({ item: '路面', condition: sentence.text });
    } else sections.get(field)?.push(sentence.text);
    expressed.add(cat.index);
    quotes.set(cat.index, { field, text: sentence.text, position: sentence.position });
  }
  const signs = readSigns(rng, story, has, version);
  sections.get('signage')?.push(...signs.map((s) => s.text));
  statements.push(...signs);
  // The summary restates a few highlights in other phrasings than the sections use; the mood closes it. The
  // camera's view class (パノラマ) stays in capture_meta: in prose it would read as a panoramic view of the scenery.
  const salient = kept.filter((c) => !BACKGROUND.has(c.id) && c.group !== 'atmosphere');
  const pool = salient.length >= 2 ? salient : kept;
  const highlights = rng.shuffled(pool).slice(0, version === 2 ? 3 : 2);
  const summaryExpressed = new Set(highlights.map((c) => c.index));
  const moodCategory = MOODS.map((id) => kept.find((c) => c.id === id)).find((c) => c !== undefined);
  if (moodCategory) summaryExpressed.add(moodCategory.index);
  const said = [...highlights, ...(moodCategory ? [moodCategory] : [])].map(
    (c) => phrasingSentence(presentClause(c.id, 'summary'), version).text,
  );
  // The road's structure is stated from the whole scene, so a value never denies what the scene shows.
  const facts: StructureFacts = { has: inScene, tags: story.tags, highway: story.highway, version };
  const section = (name: AnalysisSection, extra: Record<string, unknown> = {}) => {
    return { ...extra, observations: sections.get(name) ?? [] };
  };
  const structure = describeStructure(facts, section);
  const structureShows = new Set(fieldStatements(structure).flatMap((s) => s.shows));
  // A category the text states as missing: never one its wording shows.
  const absentCandidates = story.absent.filter(
    (c) => phrasingsOf(c.id).absent.length > 0 && !inScene(c.id) && !structureShows.has(c.id),
  );
  if (version === 2 && absentCandidates.length > 0 && rng.chance(0.35)) {
    const cat = rng.pick(absentCandidates);
    const clause = rng.pick(phrasingsOf(cat.id).absent);
    const text = phrasingSentence(clause, version).text;
    sections.get(cat.fields[0] as AnalysisSection)?.push(text);
    denies.add(cat.id);
    for (const other of labelsOf(clause).shows) alsoShows.add(other);
    for (const other of labelsOf(clause).denies) denies.add(other);
    statements.push({
      where: 'analysis',
      text,
      shows: labelsOf(clause).shows,
      denies: [cat.id, ...labelsOf(clause).denies],
    });
  }
  const opener = version === 2 ? `${settingShort}の街路を捉えた画像である。` : `${settingShort}の街路の画像です。`;
  const summary = `${opener}${said.join('')}`;
  statements.push({ where: 'summary', text: opener, ...setting });
  // The title names a highlight by its catalogue label; one whose label states something the scene lacks
  // (路地の鉢植え on a wide avenue) gives way to the next.
  const mainCategory = highlights.find((c) => categoryLabelLabels(c.label).shows.every(inScene)) ?? highlights[0];
  const main = mainCategory?.label ?? '街路';
  const title = version === 2 ? `${settingShort}の${main}` : `${main}のある${settingShort}`;
  const titleShows = mainCategory ? [mainCategory.id, ...categoryLabelLabels(main).shows] : [];
  statements.push({ where: 'title', text: title, shows: [...setting.shows, ...titleShows], denies: setting.denies });
  const greenCount = kept.filter((c) => c.group === 'greenery' || c.group === 'flowers_season').length;
  const analysis: Record<string, unknown> = {
    image_file: `${story.sceneId}.jpg`,
    capture_meta: {
      view: story.viewClass,
      is_pano: story.isPano,
      camera_type: story.cameraType,
      capture_year: story.captureYear,
      time_of_day: timeOfDay(story.moment.hour, has('dusk')),
      weather: weatherOf(has),
    },
    road_context: section('road_context', { setting: settingShort }),
    ...structure,
    markings_wear: markings,
    infrastructure: section('infrastructure'),
    mobility: section('mobility'),
    accessibility: section('accessibility'),
    vegetation: section('vegetation', { green_level: greenCount >= 3 ? '多い' : greenCount >= 1 ? '普通' : '少ない' }),
    buildings: section('buildings'),
    water: section('water', { visible: story.categories.some((c) => c.group === 'waterside') }),
    signage: section('signage'),
    atmosphere: section('atmosphere'),
    landmarks: section('landmarks'),
    seasonality: section('seasonality', { season_guess: seasonOf(story.moment.month) }),
  };
  statements.push({ where: 'analysis', text: settingFieldText(settingShort), ...setting });
  statements.push(...fieldStatements(analysis));
  for (const i of summaryExpressed) expressed.add(i);
  for (const id of summaryAlsoShows) alsoShows.add(id);
  for (const id of summaryDenies) denies.add(id);
  return {
    title,
    summary,
    analysis,
    expressed,
    summaryExpressed,
    quotes,
    alsoShows,
    summaryAlsoShows,
    denies,
    summaryDenies,
    statements,
  };
}
