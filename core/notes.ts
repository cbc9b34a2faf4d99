import type { QualityPolicy } from './data/quality.ts';

// The honesty note of the /v1 envelope, in Japanese like the data. Zero results mean "not recorded here", never
// "absent in the real world".

export const notes = {
  zeroResults: (what: string) =>
    `条件に合う${what}の記録はありません。記録がないことは、現地に存在しないことを意味しません。`,
  experimental: '実験的（experimental）な生成結果を含みます。公開版（released）より誤りが多い可能性があります。',
  sparse: 'この範囲の撮影記録は少なく、全体像を表していない可能性があります。',
} as const;

export function composeNote(parts: { zeroOf?: string | null; policy?: QualityPolicy; sparse?: boolean }): string {
  const lines: string[] = [];
  if (parts.zeroOf) lines.push(notes.zeroResults(parts.zeroOf));
  if (parts.sparse) lines.push(notes.sparse);
  if (parts.policy?.experimental_included) lines.push(notes.experimental);
  return lines.join(' ');
}
