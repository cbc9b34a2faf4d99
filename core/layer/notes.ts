import { notes } from '../notes.ts';
import type { CoverageGrade } from '../release/types.ts';

// Envelope notes of the street, edge and area endpoints, in Japanese like the data. They say what a reader could
// otherwise misread: nothing recorded is not nothing there, grade D is thin coverage, and inconsistencies are named.

export const layerNoteText = {
  noLayer: 'このリリースには通り・町丁目のレイヤがありません。記録がないことは、現地に存在しないことを意味しません。',
  gradeDInList: (what: string) =>
    `coverage_grade D の${what}は記録が少ないため数値のみで、カルテはありません（has_karte: false）。`,
  gradeDDetail: (what: string) =>
    `この${what}は記録が少ない（coverage_grade D）ため数値のみで、カルテはありません。記録が少ないことは、現地の様子が乏しいことを意味しません。`,
  karteMissing: (what: string, grade: CoverageGrade) =>
    `この${what}は coverage_grade ${grade} ですが、カルテが見つかりません（データの不整合）。数値のみを返します。`,
  onlyUnnamed: '半径内に名前のある通りの記録はなく、名前のない道路区間（unnamed_edges）だけが記録されています。',
  streetsCut: (shown: number, found: number) => `半径内の通り${found}件のうち近い順に${shown}件を返しました（limit）。`,
  unnamedCut: (shown: number, found: number) =>
    `半径内の名前のない道路区間${found}件のうち近い順に${shown}件を返しました（limit）。`,
  orphanEdges: (count: number) =>
    `通りの情報が見つからない区間が${count}件あり、名前のない区間として返しました（データの不整合）。`,
  areaOutside:
    'この地点を含む町丁目は、提供中の町丁目レイヤにありません（レイヤの範囲外の可能性があります）。記録がないことは、現地に存在しないことを意味しません。',
} as const;

export function zeroNote(what: string): string {
  return notes.zeroResults(what);
}

export function joinNotes(parts: ReadonlyArray<string | false | null | undefined>): string {
  return parts.filter((part): part is string => typeof part === 'string' && part !== '').join(' ');
}

/** Grade-D and missing-karte notes for one detail response. */
export function karteNote(what: string, grade: CoverageGrade, hasKarte: boolean): string {
  if (grade === 'D') return layerNoteText.gradeDDetail(what);
  return hasKarte ? '' : layerNoteText.karteMissing(what, grade);
}

/** The grade-D note of a list, when any place in it is grade D. */
export function gradeDListNote(what: string, places: readonly { coverage_grade: CoverageGrade }[]): string | false {
  return places.some((place) => place.coverage_grade === 'D') && layerNoteText.gradeDInList(what);
}
