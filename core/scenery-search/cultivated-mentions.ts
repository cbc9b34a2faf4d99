/**
 * Flowers grown in a container or a bed are no wild flowers: 「鉢植えの草花」, 「プランターの花」, 「花壇の野草」 name
 * plants someone keeps. For a category whose catalogue wordings name wild plants (野草, 野の花), a word right after
 * a container or bed and の tags nothing, and is not denied either (wild flowers may grow elsewhere in the picture).
 *
 * Left alone: the same word after any other noun (道端の草花, 石垣の草花) and potted plants' own categories.
 */

const WILD_WORDING = /野の?[花草]/u;
const CULTIVATED_BEFORE = /(?:鉢植え|植木鉢|鉢|プランター|花壇|花鉢|花瓶|植え込み|寄せ植え)の$/u;

/** Whether a category's catalogue wordings name wild plants. */
export function namesWildPlants(wordings: readonly string[]): boolean {
  return wordings.some((w) => WILD_WORDING.test(w));
}

/** Whether the word starting at `start` of a lowercased NFKC text follows a container or bed and の. */
export function grownInContainer(text: string, start: number): boolean {
  return CULTIVATED_BEFORE.test(text.slice(Math.max(0, start - 7), start));
}
