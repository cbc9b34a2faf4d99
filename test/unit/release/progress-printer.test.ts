import { describe, expect, it } from 'vitest';
import { createProgressPrinter, type IngestProgress } from '../../../core/release/ingest.ts';

// The ingest's progress bar (core/release/ingest.ts): redrawn in place on a terminal, one line per finished table in
// a log. A fake stream records every write.

function fakeStream(isTTY: boolean | undefined): { stream: NodeJS.WriteStream; writes: string[] } {
  const writes: string[] = [];
  const stream = {
    isTTY,
    write(chunk: string) {
      writes.push(chunk);
      return true;
    },
  };
  return { stream: stream as unknown as NodeJS.WriteStream, writes };
}

const empty = '-'.repeat(24);
const full = '#'.repeat(24);

// Each case: the progress reported and the bar line it must print (without the TTY/log framing).
const cases: { name: string; progress: IngestProgress; line: string; seconds: string }[] = [
  {
    name: 'nothing loaded yet (0 %)',
    progress: { table: 'scenes', rows: 0, total: 1_234_567, elapsedMs: 0, done: false },
    line: `scenes           [${empty}] 0/1,234,567   0% 0 rows/s`,
    seconds: '0.0',
  },
  {
    name: 'half way (50 %), thousands separated',
    progress: { table: 'verbalizations', rows: 1_000_000, total: 2_000_000, elapsedMs: 2000, done: false },
    line: `verbalizations   [${'#'.repeat(12)}${'-'.repeat(12)}] 1,000,000/2,000,000  50% 500,000 rows/s`,
    seconds: '2.0',
  },
  {
    name: 'a quarter, rate rounded',
    progress: { table: 'areas', rows: 2500, total: 10_000, elapsedMs: 3000, done: false },
    line: `areas            [${'#'.repeat(6)}${'-'.repeat(18)}] 2,500/10,000  25% 833 rows/s`,
    seconds: '3.0',
  },
  {
    name: 'finished (100 %)',
    progress: { table: 'machine_features', rows: 2_000_000, total: 2_000_000, elapsedMs: 4049, done: true },
    line: `machine_features [${full}] 2,000,000/2,000,000 100% 493,949 rows/s`,
    seconds: '4.0',
  },
  {
    name: 'an empty table (total 0) counts as 100 %',
    progress: { table: 'changes', rows: 0, total: 0, elapsedMs: 0, done: true },
    line: `changes          [${full}] 0/0 100% 0 rows/s`,
    seconds: '0.0',
  },
  {
    name: 'more rows than announced stays at 100 %',
    progress: { table: 'schools', rows: 5, total: 3, elapsedMs: 1250, done: true },
    line: `schools          [${full}] 5/3 100% 4 rows/s`,
    seconds: '1.3',
  },
];

describe('createProgressPrinter', () => {
  describe.each(cases)('$name', ({ progress, line, seconds }) => {
    it('on a terminal: redraws the line in place, newline only when done', () => {
      const { stream, writes } = fakeStream(true);
      createProgressPrinter(stream)(progress);
      expect(writes).toEqual([`\r${line}\x1b[K${progress.done ? '\n' : ''}`]);
    });

    it.each([false, undefined])('in a log (isTTY %s): nothing until done, then one line with the time', (isTTY) => {
      const { stream, writes } = fakeStream(isTTY);
      createProgressPrinter(stream)(progress);
      expect(writes).toEqual(progress.done ? [`${line} in ${seconds} s\n`] : []);
    });
  });

  it('prints a whole table on a terminal as redraws ending in one newline, and one line in a log', () => {
    const steps: IngestProgress[] = [0, 40, 80, 100].map((rows) => ({
      table: 'edges',
      rows,
      total: 100,
      elapsedMs: rows * 10,
      done: rows === 100,
    }));
    const tty = fakeStream(true);
    const log = fakeStream(false);
    const onTty = createProgressPrinter(tty.stream);
    const onLog = createProgressPrinter(log.stream);
    for (const step of steps) {
      onTty(step);
      onLog(step);
    }
    expect(tty.writes).toHaveLength(4);
    expect(tty.writes.every((w) => w.startsWith('\r') && w.includes('\x1b[K'))).toBe(true);
    expect(tty.writes.join('').match(/\n/g)).toHaveLength(1);
    expect(tty.writes.at(-1)).toBe(`\redges            [${full}] 100/100 100% 100 rows/s\x1b[K\n`);
    expect(tty.writes.map((w) => w.match(/ +(\d+)% /)?.[1])).toEqual(['0', '40', '80', '100']);
    expect(log.writes).toEqual([`edges            [${full}] 100/100 100% 100 rows/s in 1.0 s\n`]);
  });
});
