/**
 * A word of mood that qualifies one object's design, not the scene: 「レトロなデザインの外灯」, 「モダンな柄のタイル」
 * state how a lamp or a tile is styled; a street with one retro lamp is no retro street. For a category of the
 * catalogue's atmosphere group, a word followed by (な・の) and a noun of design (デザイン, 意匠, 柄, 模様, 形) tags
 * nothing, and is not denied either.
 *
 * Left alone: the mood of a place or a whole (レトロな雰囲気, レトロな町並み, レトロな印象を与える), and the look of a
 * building (レトロな外観), which an annotator reads as the scene's.
 */

const DESIGN_AFTER = /[なの]?(?:デザイン|意匠|柄|模様|形|かたち|造形)/uy;

/** The catalogue group whose categories are moods of the whole scene. */
export const MOOD_GROUP = 'atmosphere';

/** Whether the word ending at `end` of a lowercased NFKC text qualifies a design. */
export function qualifiesDesign(text: string, end: number): boolean {
  DESIGN_AFTER.lastIndex = end;
  return DESIGN_AFTER.test(text);
}
