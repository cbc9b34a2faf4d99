/**
 * A place word named as where something leads, not as a thing in view: the goal of a way or a movement
 * (神社へ向かう階段, お寺へ向かう参道, 駅に通じる道), the end of an extent (歩道が駅前まで続いている, 並木が公園まで延びる),
 * the goal of a route (高台への避難路, 神社への道) or a direction (駅方面, 駅行きのバス). The sentence states the way,
 * the stairs or the sign; the place at its end lies ahead, often out of the picture, and the sentence does not say it
 * is seen. Such a word tags nothing, and is not denied either: nothing says the place is absent.
 *
 * Read on the particles and verbs right after the word (a rule of Japanese, not of any category): へ + 向かう;
 * へ・に + 通じる, 至る; まで + a verb of extent, a kana adverb between them or not (続く, まっすぐ延びる); への + a
 * noun; 方面; 行き. Left alone: へ or に with a verb of what is seen or done there (奥の坂へ消えていく, 河川敷へ下りる
 * 斜面, 海に面した道), まで with a verb of sight (海まで見渡せる), への + a word of the view (海への眺望: the view
 * reaches it), and に向かう (海に向かって下る坂: the slope faces the sea, which the sentence places in the view).
 */

// へ向かう / に通じる / まで続く …: what follows the word when it names a way's goal or an extent's end.
const GOAL_AFTER =
  /(?:へ(?:向か|むか)|[へに](?:通じ|つうじ|至[るり])|まで[\u3041-\u309f\u30fc]{0,5}?(?:続|つづ|延|伸|のび|通じ|至)|への(?![眺視見景展])[\u30a0-\u30ff\u4e00-\u9fff]|方面|行き(?![止交来届違]))/uy;

/** Whether the word ending at `end` of a lowercased NFKC text names where something leads, not what is seen. */
export function namesDestination(text: string, end: number): boolean {
  GOAL_AFTER.lastIndex = end;
  return GOAL_AFTER.test(text);
}
