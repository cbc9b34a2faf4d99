/**
 * Whether a description's verb is said of its noun: in 「ベランダにクーラーの室外ユニットが並んでいる」 what stands in
 * a row is the units, marked by their own が, and ベランダ, marked by に, is only where they stand. A verb or
 * adjective that follows a noun marked by に (the place of the clause) with another noun marked by が between them is
 * that other noun's predicate, and the pair describes nothing. Read for verbs of a row only (並ぶ, 立ち並ぶ, 連なる),
 * which a rule says of the things in the row: where a rule's noun is the place itself (路面に矢印が描かれる: what is
 * painted on the surface), the verb's subject is another noun by design.
 *
 * Left alone: a が of an earlier clause (空には雲がまったくなく、どこまでも青い), the noun's own が (ベランダが各階に並ぶ), and a noun not marked by に, whose part may be the subject
 * (家屋で、窓ガラスが割れ: the house's windows are broken) or which heads a compound (高層マンションが立ち並ぶ).
 */

// に (には, にも) right after the noun, then a noun (its last character kanji or katakana) and the subject particle が
// in the verb's own clause (no comma after it: in 空には雲がなく、青い the sky is blue).
const PLACE_THEN_OTHER_SUBJECT = /^に[はも]?[^。]*[\u4e00-\u9fff\u30a1-\u30fc\u3005]が[^、,。]*$/u;

const ROW_VERB = /[並連]/u;

/** Whether a rule's verb says things stand in a row (並ぶ, 建ち並ぶ, 連なる, 軒を連ねる). */
export function saysRow(verb: string): boolean {
  return ROW_VERB.test(verb);
}

/** Whether the text between a noun ending at `nounEnd` and a verb starting at `verbStart` marks another subject. */
export function predicatesOtherSubject(text: string, nounEnd: number, verbStart: number): boolean {
  return PLACE_THEN_OTHER_SUBJECT.test(text.slice(nounEnd, verbStart));
}
