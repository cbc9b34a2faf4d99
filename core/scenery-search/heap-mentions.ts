/**
 * 山 as a heap, not a mountain: 「枯れ葉の山」, 「ゴミの山」, 「土砂の山」 name a pile of loose matter by the roadside.
 * The one-kanji word 山 right after (loose matter)の tags nothing, and is not denied either.
 *
 * Left alone: 山 after any other noun (緑の山, 近くの山, 奥の山並み), which is a mountain.
 */

// Loose matter that lies in heaps: leaves, refuse, earth, sand, gravel, snow, rubble, materials, bags, boxes.
const HEAP_BEFORE =
  /(?:葉|ごみ|ゴミ|土|砂|砂利|雪|瓦礫|がれき|土砂|資材|廃材|荷物|段ボール|タイヤ|土嚢|袋|箱|木材|薪|石ころ)の$/u;

/** Whether the word [start, end) of a lowercased NFKC text is 山 as a heap of loose matter. */
export function namesHeap(text: string, start: number, end: number): boolean {
  return (
    end - start === 1 &&
    text.charCodeAt(start) === 0x5c71 &&
    HEAP_BEFORE.test(text.slice(Math.max(0, start - 6), start))
  );
}
