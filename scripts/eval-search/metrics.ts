/** Small statistics shared by the evaluation reports. */

export const mean = (xs: number[]): number => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
}

export const round3 = (x: number): number => Number(x.toFixed(3));

/**
 * Area under the ROC curve of a score separating positives from negatives: the probability that a random positive
 * scores above a random negative (ties count half). Null when either side is empty.
 */
export function rocAuc(positives: number[], negatives: number[]): number | null {
  if (positives.length === 0 || negatives.length === 0) return null;
  const all = [...positives.map((s) => ({ s, pos: true })), ...negatives.map((s) => ({ s, pos: false }))].sort(
    (a, b) => a.s - b.s,
  );
  // Mann-Whitney U from average ranks, so tied scores share their ranks.
  let rankSumPositive = 0;
  for (let i = 0; i < all.length; ) {
    let j = i;
    while (j < all.length && (all[j] as { s: number }).s === (all[i] as { s: number }).s) j++;
    const averageRank = (i + 1 + j) / 2;
    for (let k = i; k < j; k++) if ((all[k] as { pos: boolean }).pos) rankSumPositive += averageRank;
    i = j;
  }
  const n = positives.length;
  return (rankSumPositive - (n * (n + 1)) / 2) / (n * negatives.length);
}
