// Schemathesis closes its sections with pytest-style fences ("==== 1 warning in 15.68s ===="). CI reads a run's
// closing lines by the conventions of known test runners, and such a fence reads as a pytest run that executed
// nothing, so the fences are printed as "── … ──" instead. Only the fence characters change.
// biome-ignore lint/suspicious/noControlCharactersInRegex: ESC starts the terminal colour codes being removed
const ansi = /\x1b\[[0-9;]*m/g;

export function unfence(line: string): string {
  const fenced = /^=+ (.*\S) =+$/.exec(line.replace(ansi, ''));
  return fenced ? `── ${fenced[1]} ──` : line;
}

/** Relays whole lines, each unfenced and after `prefix` (which names the run when several share the terminal). */
export function relayLines(from: NodeJS.ReadableStream, to: NodeJS.WritableStream, prefix = ''): Promise<void> {
  let pending = '';
  from.setEncoding('utf8');
  from.on('data', (chunk: string) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) to.write(`${prefix}${unfence(line)}\n`);
  });
  return new Promise((resolve) =>
    from.on('end', () => {
      if (pending) to.write(`${prefix}${unfence(pending)}`);
      resolve();
    }),
  );
}
