/**
 * Whether a description's verb is said of its noun: in 「ベランダにクーラーの室外ユニットが並んでいる」 what stands in
 * a row is the units, marked by their own が, and ベランダ is only where they stand; in 「家の前に車が並ぶ」 the cars
 * line up, not the houses. A verb or adjective that follows the noun with another noun marked by が between them
 * (not the noun's own が right after it: ベランダが各階に並ぶ) is that other noun's predicate, and the pair describes
 * nothing.
 */

// A noun (its last character kanji or katakana) followed by the subject particle が.
const OTHER_SUBJECT = /[\u4e00-\u9fff\u30a1-\u30fc\u3005]が/u;

/** Whether the text between a noun ending at `nounEnd` and a verb starting at `verbStart` marks another subject. */
export function predicatesOtherSubject(text: string, nounEnd: number, verbStart: number): boolean {
  return verbStart > nounEnd + 1 && OTHER_SUBJECT.test(text.slice(nounEnd, verbStart));
}
