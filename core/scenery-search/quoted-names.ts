/**
 * A word inside a name written on a sign: 「海岸通」, 「山王坂」, 「港町」 name a street or a district; a road sign
 * reading 「海岸通」 shows no coast. A word inside 「」 that the quoted text continues, right up to its closing
 * bracket, with more of a name ending in a suffix of a way or a district (通, 通り, 坂, 町, 橋, 道, 筋, 丁目…) tags
 * nothing, and is not denied either.
 *
 * Left alone: a quoted word that ends the quote (「駅前」, 「商店街」: the sign names the thing itself) or another name
 * (「稲荷社」, 「避難場所」), and a word outside quotes.
 */

const NAME_REST = /[\u4e00-\u9fff\u30a1-\u30fc\u3005ヶケノ]*?(?:通り?|坂|町|橋|道|筋|丁目|街道|小路|線)」/uy;
const NAME_CHAR = /[\u4e00-\u9fff\u30a1-\u30fc]/u;

/** Whether the word [start, end) of a lowercased NFKC text lies inside a quoted name of a way or a district. */
export function inQuotedName(text: string, start: number, end: number): boolean {
  if (!NAME_CHAR.test(text.charAt(end))) return false;
  NAME_REST.lastIndex = end;
  if (!NAME_REST.test(text)) return false;
  const open = text.lastIndexOf('「', start);
  return open >= 0 && text.lastIndexOf('」', start) < open;
}
