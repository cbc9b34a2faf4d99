// Start-up benchmark: starts the real server (scripts/serve.ts) on an already ingested store and reports how long it
// takes to listen, where the time goes (the phases it logs) and its resident memory, once without the light snapshot
// (read from the store; the start writes the snapshot again) and then with it.
//
// Usage: npm run bench -- startup [--pglite DATA_DIR] [--postgres URL] [--postgres-data-dir DIR] [--runs 2]
//   [--engine]. Defaults come from BENCH_STARTUP_PGLITE, BENCH_STARTUP_POSTGRES, BENCH_STARTUP_POSTGRES_DATA_DIR.
//   --engine also waits for the scenery search index after listening and reports the memory then.
//   --baseline REF --baseline-pglite DIR [--rounds 3]: this checkout against REF's code side by side instead
//   (startup/side-by-side.ts), each on its own copy of the PGlite store.
// A store that is not given (or not there) is skipped with a message; ingest one with `npm run ingest` first.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { describeRun } from './startup/report.ts';
import { runOnce, type Target } from './startup/server-run.ts';
import { startupSideBySide } from './startup/side-by-side.ts';

const { values } = parseArgs({
  options: {
    pglite: { type: 'string', default: process.env.BENCH_STARTUP_PGLITE },
    postgres: { type: 'string', default: process.env.BENCH_STARTUP_POSTGRES },
    'postgres-data-dir': { type: 'string', default: process.env.BENCH_STARTUP_POSTGRES_DATA_DIR },
    runs: { type: 'string', default: '2' },
    engine: { type: 'boolean', default: false },
    baseline: { type: 'string' },
    'baseline-pglite': { type: 'string' },
    rounds: { type: 'string', default: '3' },
  },
});

if (values.baseline) {
  if (!values.pglite || !values['baseline-pglite']) {
    console.error('--baseline needs --pglite DIR and --baseline-pglite DIR (a copy of the same store)');
    process.exit(2);
  }
  await startupSideBySide(values.baseline, values.pglite, values['baseline-pglite'], Number(values.rounds));
  process.exit(0);
}

const targets: Target[] = [];
let temporary: string | null = null;
if (values.pglite && existsSync(join(values.pglite, 'pglite'))) {
  targets.push({ name: 'PGlite', env: { DATA_DIR: values.pglite, DATABASE_URL: '' }, dataDir: values.pglite });
} else {
  console.log(
    `start-up on PGlite: skipped, ${values.pglite ? `no PGlite store in ${values.pglite}` : 'no --pglite DATA_DIR given'} ` +
      '(ingest a release first: DATA_DIR=… npm run ingest -- <release folder>)',
  );
}
if (values.postgres) {
  temporary = values['postgres-data-dir'] ? null : await mkdtemp(join(tmpdir(), 'machimi-bench-startup-'));
  const dataDir = values['postgres-data-dir'] ?? (temporary as string);
  targets.push({ name: 'PostgreSQL', env: { DATABASE_URL: values.postgres, DATA_DIR: dataDir }, dataDir });
} else {
  console.log('start-up on PostgreSQL: skipped, no --postgres URL given (BENCH_STARTUP_POSTGRES)');
}

try {
  for (const target of targets) {
    console.log(
      `\nstart-up on ${target.name} (load average ${loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')})`,
    );
    const cold = await runOnce(target, 'from store', false);
    console.log(describeRun(target, cold));
    for (let run = 0; run < Number(values.runs); run++) {
      const warm = await runOnce(target, 'snapshot', values.engine && run === 0);
      console.log(describeRun(target, warm));
    }
  }
} finally {
  if (temporary) await rm(temporary, { recursive: true, force: true });
}
