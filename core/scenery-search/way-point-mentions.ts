/**
 * A point of a way named as where another thing stands: 「カーブの外側にガードレール」, 「突き当たりの塀が見える」
 * place a guardrail or a wall by a bend or at the end of the view; they say where that thing is, not that the road
 * winds (one bend is no winding road) or ends (the 突き当たり of a T-junction is faced, then turned from). Such a
 * word followed by の and a noun that is no way and no count of the word (a place word or a thing, then a particle)
 * tags nothing, and is not denied either.
 *
 * Left alone: the word as the subject or with its own predicate (カーブが続く, カーブの多い道, 突き当たりになっている,
 * 道は突き当たりで終わる), and の before a way noun or 連続 (カーブの道, カーブの連続する坂), which describe the way.
 */

// Words naming one point of a way, as the tagger matches them (突き当たる is matched by its stem 突き当た).
const WAY_POINT = /^(?:急?カーブ|突き当たり?|つきあたり?)$/u;

// の, then a noun (kanji or katakana) and a particle or the sentence's end: the point locates what the noun names.
const LOCATING_AFTER = /り?の([\u4e00-\u9fff\u30a1-\u30fc]{1,6})(?:[にでがはをもの、。]|$)/uy;
const DESCRIBED_WAY = /^(?:道|道路|車道|坂|坂道|山道|路地|通り|街道|連続|多さ)/u;

/** Whether the word [start, end) of a lowercased NFKC text is a point of a way locating another thing. */
export function locatesByWayPoint(text: string, start: number, end: number): boolean {
  if (!WAY_POINT.test(text.slice(start, end))) return false;
  LOCATING_AFTER.lastIndex = end;
  const m = LOCATING_AFTER.exec(text);
  return m !== null && !DESCRIBED_WAY.test(m[1] as string);
}
