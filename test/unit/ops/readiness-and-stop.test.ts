import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../core/config.ts';
import { createLogger } from '../../../core/log.ts';
import { Readiness } from '../../../core/ops/readiness.ts';
import { stop } from '../../../core/ops/stop.ts';

const log = createLogger(parseConfig({ LOG_LEVEL: 'silent' }));

describe('Readiness', () => {
  it('probes arriving together share one store ping', async () => {
    let pings = 0;
    const readiness = new Readiness({
      ping: async () => {
        pings++;
        await new Promise((resolve) => setTimeout(resolve, 20));
      },
    });
    readiness.releaseLoaded('rel-a');
    const reports = await Promise.all([readiness.check(), readiness.check(), readiness.check()]);
    expect(reports.map((report) => report.status)).toEqual(['ready', 'ready', 'ready']);
    expect(pings).toBe(1);
  });

  it('a failing ping is store_unreachable without the driver message; a draining process is not pinged', async () => {
    let pings = 0;
    const readiness = new Readiness({
      ping: async () => {
        pings++;
        throw new Error('connect ECONNREFUSED 10.0.0.5:5432');
      },
    });
    readiness.releaseLoaded('rel-a');
    const failed = await readiness.check();
    expect(failed.reasons).toEqual([{ code: 'store_unreachable', message: 'the store failed a ping' }]);
    readiness.startDraining();
    expect((await readiness.check()).reasons.map((reason) => reason.code)).toEqual(['draining']);
    expect(pings).toBe(1);
  });
});

describe('stop', () => {
  it('turns readiness to draining before draining, then releases in order and exits 0', async () => {
    const readiness = new Readiness();
    readiness.releaseLoaded('rel-a');
    const steps: string[] = [];
    let exitCode: number | undefined;
    await stop(
      {
        readiness,
        log,
        graceMs: 1000,
        drain: async (graceMs) => {
          steps.push(`drain ${graceMs} draining=${readiness.isDraining}`);
          return { clean: true, cut: 0, ms: 1 };
        },
        release: [async () => steps.push('background'), async () => steps.push('store')],
        exit: (code) => {
          exitCode = code;
        },
      },
      'SIGTERM',
    );
    expect(steps).toEqual(['drain 1000 draining=true', 'background', 'store']);
    expect(exitCode).toBe(0);
  });

  it('exits 1 when a step fails', async () => {
    let exitCode: number | undefined;
    await stop(
      {
        readiness: new Readiness(),
        log,
        graceMs: 0,
        drain: async () => ({ clean: false, cut: 2, ms: 0 }),
        release: [
          async () => {
            throw new Error('close failed');
          },
        ],
        exit: (code) => {
          exitCode = code;
        },
      },
      'SIGINT',
    );
    expect(exitCode).toBe(1);
  });
});
