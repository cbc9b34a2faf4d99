/**
 * Light or sky stated as blocked: 「日差しが遮られ」, 「陽光をさえぎる」, 「空がふさがれ」 say the street lies in shade or
 * under cover, not that a sunny or open sky is seen. A light or sky word right before (が|を|は|も) and a verb of
 * blocking tags nothing, and is not denied either (the sun may still shine elsewhere in the picture).
 *
 * Left alone: the same words before anything else (日差しが強い, 空が広がる), which state the light or sky seen.
 */

// The words whose being blocked means they are not in view: sunlight and the sky.
const LIGHT_OR_SKY = /(?:日差し?|陽射し?|日射し?|ひざし|日光|陽光|日の光|空)$/u;
// (The okurigana し when the word was matched by its stem,) a particle, then the stem of a verb of blocking (遮る, さえぎる, 塞ぐ, ふさぐ, 阻む), as a sticky expression.
const BLOCKED_AFTER = /し?(?:が|を|は|も)(?:遮|さえぎ|塞が|塞ぐ|塞い|ふさが|ふさぐ|ふさい|阻ま|阻む)/uy;

/** Whether the word [start, end) of a lowercased NFKC text is light or sky stated as blocked. */
export function statedBlocked(text: string, start: number, end: number): boolean {
  if (!LIGHT_OR_SKY.test(text.slice(start, end))) return false;
  BLOCKED_AFTER.lastIndex = end;
  return BLOCKED_AFTER.test(text);
}
