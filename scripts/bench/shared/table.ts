// The benches' tables: Markdown, columns padded to their widest cell, so a run pastes into docs as it is.
export function printTable(header: string[], body: string[][]): void {
  const widths = header.map((h, c) => Math.max(h.length, ...body.map((r) => (r[c] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((cell, c) => cell.padEnd(widths[c] as number)).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of body) console.log(line(r));
}
