/**
 * npm run demo-release -- --scenes N --seed S --out DIR [--force]
 * Writes a synthetic demo release into DIR and the search ground truth to DIR.ground-truth.ndjson.gz (beside it).
 */
import { parseArgs } from 'node:util';
import { generateDemoRelease } from '../core/demo/generate.ts';

const { values } = parseArgs({
  options: {
    scenes: { type: 'string', default: '50000' },
    seed: { type: 'string', default: '1' },
    out: { type: 'string' },
    force: { type: 'boolean', default: false },
  },
});

function integer(name: string, text: string | undefined): number {
  if (text === undefined || !/^[0-9]+$/.test(text)) {
    console.error(`demo-release: --${name} must be a non-negative integer`);
    process.exit(2);
  }
  return Number(text);
}

if (!values.out) {
  console.error('usage: npm run demo-release -- --scenes N --seed S --out DIR [--force]');
  process.exit(2);
}

const scenes = integer('scenes', values.scenes);
const seed = integer('seed', values.seed);
const started = performance.now();
const tty = process.stderr.isTTY;
let lastShown = -1;

function showProgress(done: number, total: number): void {
  const pct = Math.floor((100 * done) / total);
  if (!tty && pct < lastShown + 10 && done < total) return;
  lastShown = pct;
  const secs = ((performance.now() - started) / 1000).toFixed(1);
  process.stderr.write(`${tty ? '\r' : ''}demo-release: scenes ${done}/${total} (${pct}%) ${secs}s${tty ? '' : '\n'}`);
}

try {
  const result = await generateDemoRelease({
    scenes,
    seed,
    out: values.out,
    force: values.force,
    onProgress: showProgress,
  });
  const secs = ((performance.now() - started) / 1000).toFixed(1);
  if (tty) process.stderr.write('\n');
  process.stderr.write(`demo-release: wrote ${result.releaseId} to ${result.dir} in ${secs}s\n`);
  process.stderr.write(`demo-release: ground truth (search evaluation only) at ${result.groundTruthPath}\n`);
  console.log(
    JSON.stringify({
      release_id: result.releaseId,
      dir: result.dir,
      ground_truth: result.groundTruthPath,
      rows: result.rowCounts,
    }),
  );
} catch (error) {
  console.error(`demo-release: ${(error as Error).message}`);
  process.exit(1);
}
