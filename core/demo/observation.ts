/**
 * Writes what a vision-language model "saw" in one scene: a title, a summary and the structured analysis, in the
 * style of generation 1 (older, shorter, です・ます) or 2 (richer, だ・である). Every category the scene shows is
 * stated with one of its evidence phrases; a few absent ones are stated as absent.
 */
import type { PlaceContext } from './affinity.ts';
import { ANALYSIS_SECTIONS, type AnalysisSection, type Category } from './categories.ts';
import type { LandmarkPlace } from './landmarks.ts';
import { evidenceSentence, negationSentence, seasonOf, settingOf, timeOfDay, weatherOf } from './phrasing.ts';
import type { Rng } from './rng.ts';
import type { CaptureMoment } from './seasons.ts';
import { describeStructure, type StructureFacts } from './structure.ts';

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

/** The closing sentence about the mood, and the atmosphere category it states (if any). */
function moodOf(has: (id: string) => boolean, version: 1 | 2): [string, string | null] {
  const moods: [string, string][] = [
    ['lively_street', '活気のある'],
    ['retro_atmosphere', 'レトロな'],
    ['nostalgic_scenery', 'どこか懐かしい'],
    ['run_down', '寂れた'],
    ['cluttered', '雑然とした'],
    ['lived_in', '生活感のある'],
    ['quiet_street', '静かで落ち着いた'],
  ];
  const found = moods.find(([id]) => has(id));
  if (!found) return ['', null];
  return [version === 1 ? `${found[1]}雰囲気です。` : `全体として${found[1]}印象を受ける。`, found[0]];
}

export function writeObservation(rng: Rng, story: SceneStory, version: 1 | 2): Observation {
  const sections = new Map<AnalysisSection, string[]>(ANALYSIS_SECTIONS.map((s) => [s, []]));
  const markings: Record<string, string>[] = [];
  const expressed = new Set<number>();
  const quotes = new Map<number, Quote>();
  const kept = version === 2 ? story.categories : story.categories.filter((_, i) => i < 4 || rng.chance(0.7));
  for (const cat of kept) {
    const field = version === 2 && rng.chance(0.4) ? rng.pick(cat.fields) : (cat.fields[0] as AnalysisSection);
    const sentence = evidenceSentence(rng, rng.pick(cat.evidence), version);
    if (field === 'markings_wear') {
      markings.push({ item: cat.label, condition: sentence.text });
    } else sections.get(field)?.push(sentence.text);
    expressed.add(cat.index);
    quotes.set(cat.index, { field, text: sentence.text, position: sentence.position });
  }
  if (version === 2 && story.absent.length > 0 && rng.chance(0.35)) {
    const cat = rng.pick(story.absent);
    sections.get(cat.fields[0] as AnalysisSection)?.push(negationSentence(rng, cat.label, version));
  }
  const keptIds = new Set(kept.map((c) => c.id));
  const has = (id: string) => keptIds.has(id);
  const signs = readSigns(rng, story, has, version);
  sections.get('signage')?.push(...signs);
  const [setting, settingShort, settingId] = settingOf(has, story.tags);
  // The summary names the setting once and leaves the mood to its closing sentence.
  const salient = kept.filter((c) => !BACKGROUND.has(c.id) && c.id !== settingId && c.group !== 'atmosphere');
  const pool = salient.length >= 2 ? salient : kept.filter((c) => c.id !== settingId);
  const highlights = rng.shuffled(pool).slice(0, version === 2 ? 3 : 2);
  const summaryExpressed = new Set(highlights.map((c) => c.index));
  const settingCategory = kept.find((c) => c.id === settingId);
  if (settingCategory) summaryExpressed.add(settingCategory.index);
  const view = story.viewClass ?? '画像';
  const [mood, moodId] = moodOf(has, version);
  const moodCategory = kept.find((c) => c.id === moodId);
  if (moodCategory) summaryExpressed.add(moodCategory.index);
  const lead = highlights.map((c) => c.label);
  const summary =
    version === 2
      ? `${view}で${setting}を捉えた画像である。${lead.slice(0, 2).join('や')}が見られ${lead[2] ? `、${lead[2]}も確認できる` : ''}。${mood}`
      : `${setting}の${view}の画像です。${lead.join('、')}などが写っています。${mood}`;
  const main = highlights[0]?.label ?? '街路';
  const title = version === 2 ? `${settingShort}の${main}` : `${main}のある${settingShort}`;
  const facts: StructureFacts = { has, tags: story.tags, highway: story.highway, version };
  const section = (name: AnalysisSection, extra: Record<string, unknown> = {}) => {
    return { ...extra, observations: sections.get(name) ?? [] };
  };
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
    ...describeStructure(facts, section),
    markings_wear: markings,
    infrastructure: section('infrastructure'),
    mobility: section('mobility'),
    accessibility: section('accessibility'),
    vegetation: section('vegetation', { green_level: greenCount >= 3 ? '多い' : greenCount >= 1 ? '普通' : '少ない' }),
    buildings: section('buildings'),
    water: section('water', { visible: kept.some((c) => c.group === 'waterside') }),
    signage: section('signage'),
    atmosphere: section('atmosphere'),
    landmarks: section('landmarks'),
    seasonality: section('seasonality', { season_guess: seasonOf(story.moment.month) }),
  };
  for (const i of summaryExpressed) expressed.add(i);
  return { title, summary, analysis, expressed, summaryExpressed, quotes };
}

/** A model reads names off signs now and then: shrine plaques, shop-street gates, street-name signs. */
function readSigns(rng: Rng, story: SceneStory, has: (id: string) => boolean, version: 1 | 2): string[] {
  const out: string[] = [];
  const end = version === 2 ? 'が読み取れる。' : 'が読めます。';
  for (const place of story.landmarks) {
    const visible =
      (place.kind === '神社' && (has('torii') || has('shrine_building'))) ||
      (place.kind === '寺院' && has('temple_building')) ||
      (place.kind === '商店街' && (has('covered_arcade') || has('shopping_street'))) ||
      (place.kind === '公園' && has('park')) ||
      (place.kind === '倉庫群' && has('brick_warehouse')) ||
      (place.kind === '灯台' && has('lighthouse'));
    if (visible && rng.chance(0.5)) out.push(`「${place.name}」と書かれた表示${end}`);
  }
  if (story.streetName && has('road_signs') && rng.chance(0.3))
    out.push(`道路標識に「${story.streetName}」の文字${end}`);
  return out;
}
