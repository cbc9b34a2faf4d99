/**
 * Ward names in a query. A ward is recognised by its full label (中央区, 西部丘陵) and, for labels of the form
 * <name>区 with a name of two or more characters, by the bare name when a place-like word follows it (浜田の,
 * 浜田あたり). Labels come from the corpus, so the list always matches what the metadata endpoint shows.
 */
import { foldForSearch } from './normalize.ts';

export interface PlaceSpan {
  start: number;
  end: number;
  text: string;
  ward: string;
}

export interface WardMatcher {
  /** Folded wording → ward label, longest first. */
  forms: [string, string, boolean][];
}

const AFTER_BARE_NAME = /^(?:の|で|に|にある|あたり|辺り|周辺|付近|界隈|エリア|方面|区内|\s|$)/u;

/** `isScenery` tells whether a bare name is also scenery wording, in which case it is not taken as a place. */
export function buildWardMatcher(wards: readonly string[], isScenery: (folded: string) => boolean): WardMatcher {
  const forms: [string, string, boolean][] = [];
  for (const ward of wards) {
    forms.push([foldForSearch(ward), ward, false]);
    const bare = ward.endsWith('区') ? ward.slice(0, -1) : null;
    if (bare && bare.length >= 2 && !isScenery(foldForSearch(bare))) forms.push([foldForSearch(bare), ward, true]);
  }
  forms.sort((a, b) => b[0].length - a[0].length);
  return { forms };
}

/** Ward mentions in the folded query, left to right, without overlaps. */
export function findPlaces(
  matcher: WardMatcher,
  folded: string,
  taken: (start: number, end: number) => boolean,
): PlaceSpan[] {
  const spans: PlaceSpan[] = [];
  for (const [form, ward, bare] of matcher.forms) {
    let from = 0;
    for (let at = folded.indexOf(form, from); at >= 0; at = folded.indexOf(form, from)) {
      from = at + form.length;
      const end = at + form.length;
      if (taken(at, end) || spans.some((s) => at < s.end && end > s.start)) continue;
      if (bare && !AFTER_BARE_NAME.test(folded.slice(end))) continue;
      spans.push({ start: at, end, text: folded.slice(at, end), ward });
    }
  }
  return spans.sort((a, b) => a.start - b.start);
}
