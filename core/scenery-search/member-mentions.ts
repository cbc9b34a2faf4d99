/**
 * One member of a place made of many is not the place: 「小型の店が右手にある」 is one shop, not a shopping street;
 * 「10階建ての集合住宅が建っている」 one block of flats, not a housing estate. For a category whose label names such a
 * place (the table below: the place's label, the words of one member), a member word tags it only where the text
 * states many members or the place's own mark: a verb of many after it (店が並ぶ, 店が軒を連ねる, 住宅が建ち並ぶ),
 * a count or quantity before it (多くの店, 数棟の集合住宅), most or many of them (店のほとんど), or a mark of the
 * place just before it in its phrase (棟番号の書かれた集合住宅). Otherwise the word tags nothing, and is not denied.
 *
 * Left alone: the place's own words (商店街, 団地, 店が並ぶ通り), and member words of other categories.
 */

/** Label of a place of many → the words naming one member, as the tagger matches them. */
export const MEMBER_WORDS: Readonly<Record<string, readonly string[]>> = {
  商店街: ['店', 'お店', 'みせ', '商店', '店舗', '個人商店'],
  団地: ['集合住宅'],
};

// A particle, a count (何棟も, 数軒), a few kana (ずらりと, びっしり), then a verb or noun of many.
const MANY_AFTER =
  /(?:[がのもはや]|など[がの]?)(?:[何数0-9一二三四五六七八九十]+[棟軒戸]も?)?[\u3041-\u309f]{0,5}?(?:並|立ち並|建ち並|連な|軒を連ね|ひしめ|集ま|密集|林立|点在|続|ほとんど|多く|多い|群)/uy;
const MANY_BEFORE =
  /(?:多くの|数軒の|何軒も(?:の)?|たくさんの|沢山の|いくつも(?:の)?|複数の|[数何]棟(?:も)?の|[二三四五六2-6]棟の|棟番号[^、。]{0,12}|号棟[^、。]{0,12}|並ぶ|並んだ|立ち並ぶ|建ち並ぶ|連なる)$/u;

export function memberWordsOf(label: string): ReadonlySet<string> | null {
  const words = MEMBER_WORDS[label];
  return words ? new Set(words) : null;
}

/** Whether the member word [start, end) of a lowercased NFKC text is stated as one of many (or with the place's mark). */
export function statedMany(text: string, start: number, end: number): boolean {
  MANY_AFTER.lastIndex = end;
  return MANY_AFTER.test(text) || MANY_BEFORE.test(text.slice(Math.max(0, start - 16), start));
}

/** Whether the word [start, end) is one of `members` stated alone, which names no place of many. */
export function namesOneMember(members: ReadonlySet<string> | null, text: string, start: number, end: number): boolean {
  return members?.has(text.slice(start, end)) === true && !statedMany(text, start, end);
}
