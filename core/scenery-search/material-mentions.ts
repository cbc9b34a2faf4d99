/**
 * A paving material named as what another structure is made of: 「コンクリートの柱が並ぶ」, 「コンクリートの溝」,
 * 「コンクリートの土留め」, 「石の塀」 state a pillar, a gutter, a retaining wall, not the road's surface. For a
 * category of the catalogue's pavement group, a word followed by の and a built structure that is no ground surface
 * tags nothing, and is not denied either: the road may still be paved so. The same reading as a material before 製 or
 * 造 (コンクリート製の高架, observation-tagger.ts), for the looser の.
 *
 * Read on the noun right after の: a pillar, wall, fence, gutter, embankment, bridge, stairs, building and the like.
 * Left alone: a ground surface or a part of one (コンクリートの路面, インターロッキングの歩道, アスファルトの割れ目),
 * and a lid (マンホールの蓋 is the manhole cover itself).
 */

const STRUCTURE_AFTER =
  /の(?:[\u4e00-\u9fff]{1,2}[\u3041-\u309f]{0,3}[いな])?(?:柱|支柱|電柱|側溝|溝|土留|擁壁|石垣|堤|壁|塀|護岸|岸壁|橋|欄干|階段|柵|囲い|箱|水路|高架|ビル|建物|倉庫|土台|基礎|花壇|プランター|ベンチ|車止め|ポール)/uy;

/** The catalogue group whose categories are kinds of road surface. */
export const SURFACE_GROUP = 'pavement_marking';

/** Whether the word ending at `end` of a lowercased NFKC text is followed by の and a structure other than a surface. */
export function namesStructureMaterial(text: string, end: number): boolean {
  STRUCTURE_AFTER.lastIndex = end;
  return STRUCTURE_AFTER.test(text);
}
