import type { Logger } from '../log.ts';
import type { Readiness } from './readiness.ts';

// The stop sequence on SIGTERM or SIGINT: /readyz turns 503, the listener drains within the grace, then the work that
// needs the store finishes and the store closes, in that order, so no request meets a closed store. A second signal
// (npm forwards the terminal's SIGINT, so the process often gets two) does not cut the drain short: the grace
// bounds it.

export interface StopSteps {
  readiness: Readiness;
  log: Logger;
  graceMs: number;
  /** Stops accepting and waits for the requests in flight (core/http/drain.ts). */
  drain: (graceMs: number) => Promise<{ clean: boolean; cut: number; ms: number }>;
  /** Everything that may still use the store, then the store itself, in order. */
  release: (() => Promise<unknown>)[];
  exit: (code: number) => void;
}

export function stopOnSignals(steps: StopSteps, signals: NodeJS.Signals[] = ['SIGTERM', 'SIGINT']): void {
  let stopping: Promise<void> | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      steps.log.info({ signal }, 'already stopping; the drain ends within SHUTDOWN_GRACE_S');
      return;
    }
    stopping = stop(steps, signal);
  };
  for (const signal of signals) process.on(signal, onSignal);
}

export async function stop(steps: StopSteps, signal: string): Promise<void> {
  const { log } = steps;
  steps.readiness.startDraining();
  log.info({ signal, grace_s: steps.graceMs / 1000 }, 'stopping: no new connections, finishing requests in flight');
  let code = 0;
  try {
    const drained = await steps.drain(steps.graceMs);
    if (drained.clean) log.info({ ms: drained.ms }, 'every request in flight was answered');
    else log.warn({ ms: drained.ms, cut: drained.cut }, 'the grace ran out: connections still open were cut');
    for (const step of steps.release) await step();
  } catch (error) {
    code = 1;
    log.error({ err: error }, 'the stop sequence failed');
  }
  log.info({ code }, 'stopped');
  steps.exit(code);
}
