// What a first start says on the console (stderr) while it works for minutes before listening: each step in words,
// with a progress bar redrawn in place on a terminal and a single line per step otherwise (a journal or a log file
// gets no carriage returns). The JSON log on stdout stays as it is; this is for the person watching.

export interface StartupConsole {
  /** A step begins: one line in words. */
  step(words: string): void;
  /** Progress of the current step; drawn on a terminal only, at most every 200 ms and at the end. */
  progress(done: number, total: number, unit: string): void;
  /** The current step ended: a closing line with what it did and how long it took. */
  done(summary: string): void;
}

const barWidth = 24;
const redrawMs = 200;

export function createStartupConsole(stream: NodeJS.WriteStream = process.stderr): StartupConsole {
  let stepStarted = performance.now();
  // The first update is always drawn, however soon after the process started (performance.now() counts from then).
  let lastDrawn = Number.NEGATIVE_INFINITY;
  let drawing = false;
  const seconds = () => ((performance.now() - stepStarted) / 1000).toFixed(1);
  return {
    step(words) {
      if (drawing) stream.write('\n');
      drawing = false;
      stepStarted = performance.now();
      stream.write(`machimi: ${words}\n`);
    },
    progress(done, total, unit) {
      if (!stream.isTTY) return;
      const now = performance.now();
      if (now - lastDrawn < redrawMs && done < total) return;
      lastDrawn = now;
      const share = total > 0 ? Math.min(1, done / total) : 1;
      const filled = Math.round(share * barWidth);
      const counts = `${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')} ${unit}`;
      stream.write(`\r  [${'#'.repeat(filled)}${'-'.repeat(barWidth - filled)}] ${counts} ${seconds()} s\x1b[K`);
      drawing = true;
    },
    done(summary) {
      stream.write(`${drawing ? '\r' : ''}  ${summary} in ${seconds()} s${drawing ? '\x1b[K' : ''}\n`);
      drawing = false;
    },
  };
}
