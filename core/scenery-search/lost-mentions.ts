/**
 * A word whose own clause says it is lost: 「活気の失われた町並み」, 「賑わいが失われている」, 「活気を失った商店街」,
 * 「人の往来が途絶えた」. A verb of loss right after the word's particle (の・が・を + 失う, 失せる, 途絶える, 絶える,
 * なくす) states the thing absent from the scene as plainly as 〜はない does, so the word counts as denied.
 * Left alone: 消える, which says a light is off or a thing is out of sight (街灯が消えている: the lamp is still there).
 */

const LOSS_AFTER = /[のがを](?:失わ|失っ|失い|失せ|うしな|途絶え|とだえ|絶え|なくし|無くし)/uy;

/** Whether a verb of loss follows the word ending at `end` of a lowercased NFKC text. */
export function statedLost(text: string, end: number): boolean {
  LOSS_AFTER.lastIndex = end;
  return LOSS_AFTER.test(text);
}
