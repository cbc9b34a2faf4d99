/**
 * The catalogue lists some wordings in kana as well (しょうてんがい beside 商店街, みなと beside 港) so that a query
 * typed in kana matches them as written. Observations are written in kanji, so such a match searches the text for
 * the kanji wording of the same category read alike: the kana wording's entry is given that spelling.
 */
import type { Lexicon } from '../lexicon.ts';

/** What this step reads and sets of a wording (wordings.ts's Wording, which builds its table with this step). */
interface Wording {
  text: string;
  category: { id: string };
  spelled?: string;
}

const KANA_ONLY = /^[\u3041-\u3096\u30fc]+$/u;
const HAS_KANJI = /[\u3400-\u4dbf\u4e00-\u9fff]/u;

/**
 * Sets `spelled` on the lexicon's kana-only entries whose reading is a kanji wording of their own category, and on
 * the wordings already made from them.
 */
export function spellInKanji(lexicon: Lexicon, byReading: ReadonlyMap<string, Wording>, made: Wording[]): void {
  for (const [text, entry] of lexicon.entries) {
    if (!KANA_ONLY.test(text)) continue;
    const kanji = byReading.get(text);
    if (kanji && kanji.category.id === entry.category.id && HAS_KANJI.test(kanji.text)) entry.spelled = kanji.text;
  }
  for (const w of made) {
    const spelled = KANA_ONLY.test(w.text) ? lexicon.entries.get(w.text)?.spelled : undefined;
    if (spelled !== undefined) w.spelled = spelled;
  }
}
