// One line per start: scenes, how long until listening (wall and CPU), resident memory and its peak, the search
// index's time and memory when waited for; below it the start's phases of 0.1 s or more.
import type { RunResult, Target } from './server-run.ts';

export function describeRun(target: Target, run: RunResult): string {
  const l = run.listening;
  const seconds = (ms: unknown) => (Number(ms) / 1000).toFixed(1);
  const phases = Object.entries(l.phases as Record<string, number>)
    .filter(([, ms]) => ms >= 100)
    .map(([phase, ms]) => `${phase} ${seconds(ms)}`)
    .join(', ');
  const engine = run.engine
    ? ` | search index +${seconds(run.engine.ms)} s, RSS ${run.engine.rssMb} MB (peak ${run.engine.peakMb})`
    : '';
  return (
    `${target.name.padEnd(10)} ${Number(l.scenes).toLocaleString('en-US')} scenes, ${run.kind.padEnd(10)} listen ${seconds(l.total_ms).padStart(5)} s ` +
    `(cpu ${seconds(l.cpu_ms)} s), RSS ${l.rss_mb} MB, peak ${l.peak_rss_mb} MB${engine}\n` +
    `${''.padEnd(22)}${phases}`
  );
}
