/**
 * Negation, on both sides. In a query, 〜がない / 〜のない / 〜以外 / 〜じゃない after a scenery word turn it into a
 * condition that ranks scenes out. In an observation, a phrase followed by は見られない, はない … states an absence
 * and must not tag the scene. All patterns are written folded (hiragana, NFKC).
 */

// After a query phrase: the particle is optional ("電柱ない").
const QUERY_NEGATION =
  /^(?:が|の|は|も|を)?(?:ない|無い|なし|無し|なく|無く|ねえ|ありません|いらない|要らない|見えない|見当たらない|除く|除いた|通らない|通れない|来ない|入らない|入れない|走らない|いない|少ない|少なく)|^(?:じゃない|じゃなく|じゃなくて|ではない|ではなく|でない|以外|抜き|ぬき|を除く|を除いた|なしの|以外の)/u;

// Words that join scenery words into one group that a final negation covers ("電柱や電線がない").
const COORDINATION = /^(?:や|と|とか|も|・|、|,|か|および|及び|または|又は|やら)$/u;

/** Length of a negation right at the start of `rest`, or 0. */
export function matchQueryNegation(rest: string): number {
  const m = QUERY_NEGATION.exec(rest);
  return m ? m[0].length : 0;
}

/** Whether the text between two scenery words only joins them (so they share a negation). */
export function isCoordination(between: string): boolean {
  return COORDINATION.test(between.trim());
}

// After an evidence phrase inside an observation: "…巨木は見られない", "…歩道はない".
const OBSERVED_ABSENCE =
  /^(?:は|が|も)?(?:見られない|見られず|見当たらない|見当たらず|ない|なく|無い|なし|存在しない|確認できない|確認できず|ありません|設けられていない)/u;

export function statesAbsence(textAfter: string): boolean {
  return OBSERVED_ABSENCE.test(textAfter);
}
