/**
 * A vehicle said to be moving is no sighting of one at a standstill: 「車がひっきりなしに行き交う」,
 * 「車の往来が激しい」, 「乗用車で道路が渋滞している」, 「車の進入を防ぐ柵」 state traffic, or a barrier, not a parked
 * car; 「船が行き交う」 states no moored boat. For a category whose catalogue label is a standstill (路上駐車,
 * 係留された船, 停泊), such a word tags nothing, and is not denied either: a parked car may still be in the picture.
 *
 * Read on what follows the word (a rule of Japanese, not of any category): が・の・で, then at most a kana adverb
 * (ひっきりなしに, どんどん) or the road it fills (道路が), then a verb or noun of travel (行き交う, 走る, 往来, 通行,
 * 通過, 渋滞, 進入). Left alone: a verb of standing after the word (車が停まっている, 船が並ぶ), and a travel word
 * further on in the clause (車が停まっていて通行の邪魔だ: the car is parked).
 */

const MOVING_AFTER =
  /[がので](?:[\u3041-\u309f]{1,8}?|(?:道路|道|車道|通り)が)?(?:行き交|ゆきか|いきか|行き来|走っ|走り|走る|走ら|走行|往来|通行|通過|通り過ぎ|渋滞|進入|航行)/uy;

// A label that states a vehicle at a standstill: parked, moored, berthed (not a place for them: 駐車場).
const STANDSTILL_LABEL = /駐車(?!場)|駐輪(?!場)|係留|停泊|停め|停ま|泊ま/u;

/** Whether a category's catalogue label states a vehicle at a standstill. */
export function labelsStandstill(label: string): boolean {
  return STANDSTILL_LABEL.test(label);
}

/** Whether a verb or noun of travel follows the word ending at `end` of a lowercased NFKC text. */
export function statedMoving(text: string, end: number): boolean {
  MOVING_AFTER.lastIndex = end;
  return MOVING_AFTER.test(text);
}
