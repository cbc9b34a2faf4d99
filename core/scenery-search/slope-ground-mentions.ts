/**
 * A mountain's slope named as the ground other things reach or stand on: 「山の中腹まで住宅が続く」, 「山の斜面に家が
 * 並ぶ」 describe a built-up hillside the street climbs, not a range of mountains behind the view. 山 followed by
 * の中腹 / の斜面 and まで or に tags nothing, and is not denied either.
 *
 * Left alone: the slope as the subject (山の斜面が紅葉で染まる: the mountain is seen) and any other 山 (山の麓, 奥の山).
 */

const GROUND_AFTER = /の(?:中腹|斜面|山腹)(?:まで|に)/uy;

/** Whether the word [start, end) of a lowercased NFKC text is 山 as the ground of other things. */
export function namesSlopeGround(text: string, start: number, end: number): boolean {
  if (end - start !== 1 || text.charCodeAt(start) !== 0x5c71) return false;
  GROUND_AFTER.lastIndex = end;
  return GROUND_AFTER.test(text);
}
