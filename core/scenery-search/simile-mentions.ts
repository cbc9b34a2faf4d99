/**
 * A thing named only as what the view resembles: 「山の中のような景色」, 「繁華街のような様子」, 「公園みたいな雰囲気」
 * compare the scene with a mountain, a busy quarter or a park; they do not say one is in the picture. A word
 * followed by (の中)のような・みたいな and a noun of the whole view (景色, 様子, 光景, 風景, 眺め) tags nothing, and is not
 * denied either.
 *
 * Left alone: a mood, which a simile is how one states it (昭和のような雰囲気 is a retro mood: the caller keeps the
 * atmosphere categories), and a simile of one thing (トンネルのような並木, 壁のように続く植え込み), where the thing the
 * simile describes is there and the category may be read from it by other rules.
 */

const VIEW_SIMILE_AFTER = /(?:の中)?(?:のよう|みたい)な(?:景色|様子|光景|風景|眺め|雰囲気|感じ|印象)/uy;

/** Whether the word ending at `end` of a lowercased NFKC text is what the whole view is likened to. */
export function likenedView(text: string, end: number): boolean {
  VIEW_SIMILE_AFTER.lastIndex = end;
  return VIEW_SIMILE_AFTER.test(text);
}
