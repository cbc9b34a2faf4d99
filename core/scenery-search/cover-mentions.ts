/**
 * 格子 as the pattern of a cover, not a lattice facade: 「格子の蓋」, 「格子状の鉄蓋」, 「格子模様のグレーチング」 name
 * the grating over a drain. The word 格子 right before (状|模様|柄)?の? and a cover or drain word tags nothing, and is
 * not denied either.
 *
 * Left alone: 格子 before anything else (格子の窓, 格子戸, 格子がはまる), which is the facade's lattice.
 */

const LATTICE = /(?:格子|こうし)$/u;
// What a grid pattern covers at street level: a lid, a grating, a drain, a manhole.
const COVER_AFTER =
  /(?:状|模様|柄)?の?(?:鉄製の|金属製の|鉄の|鋳鉄の)?(?:蓋|ふた|フタ|鉄蓋|溝蓋|グレーチング|側溝|排水溝|排水口|雨水|マンホール)/uy;

/** Whether the word [start, end) of a lowercased NFKC text is 格子 as the pattern of a cover. */
export function namesCoverPattern(text: string, start: number, end: number): boolean {
  if (!LATTICE.test(text.slice(start, end))) return false;
  COVER_AFTER.lastIndex = end;
  return COVER_AFTER.test(text);
}
