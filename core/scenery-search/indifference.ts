/**
 * Indifference to a scenery word: the speaker does not mind whether it is there (電線は気にしない, アーケードは
 * 問わない, 瓦屋根にはこだわらない, 〜は必須じゃない, 〜はどっちでもいい, 〜はあってもなくても). These end in a negator
 * but ask for no absence, and they ask for no presence either: the word is read as a wish (ranks, never filters),
 * like 〜でも構わない. Patterns are written folded (hiragana, NFKC, lowercase).
 */

// The particles that make the word the topic of the indifference (〜は, 〜には, 〜とかは, 〜って).
const TOPIC = '(?:とか|なんか|など)?(?:には|にも|は|も|って|が)?';
const INDIFFERENT = [
  '気にしない',
  '気にしません',
  '気にならない',
  '気になりません',
  'こだわらない',
  'こだわりません',
  '拘らない',
  '拘りません',
  '問わない',
  '問いません',
  '不問',
  'どちらでも',
  'どっちでも',
  '必須じゃない',
  '必須ではない',
  '必須でない',
  '必須じゃありません',
  '必須ではありません',
  'なくてもいい',
  '無くてもいい',
  'あってもなくても',
  'あっても無くても',
  'ありでもなしでも',
];
const INDIFFERENCE = new RegExp(`^${TOPIC}(?:${INDIFFERENT.join('|')})`, 'u');

/** Length of an indifference right after a scenery word (`rest` starts there), or 0. */
export function indifferenceLength(rest: string): number {
  return INDIFFERENCE.exec(rest)?.[0].length ?? 0;
}
