import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../core/config.ts';
import type { ServedRelease } from '../../../core/data/served-release.ts';
import { ReleaseSwitcher } from '../../../core/live-release/switcher.ts';
import { createLogger } from '../../../core/log.ts';
import { registry } from '../../../core/ops/metrics.ts';
import type { ReleaseRecord } from '../../../core/store/index.ts';

// The switcher's rules without a store: what it swaps in, what it keeps, what it counts.

const log = createLogger(parseConfig({ LOG_LEVEL: 'silent' }));
const record = (id: string, ingestedAt = '2026-01-01T00:00:00Z') =>
  ({ release_id: id, ingested_at: ingestedAt }) as ReleaseRecord;
const releaseOf = (r: ReleaseRecord) => ({ record: r }) as ServedRelease;

async function switches(outcome: string): Promise<number> {
  const metric = await registry.getSingleMetric('machimi_release_switch_total')?.get();
  return metric?.values.find((value) => value.labels.outcome === outcome)?.value ?? 0;
}

function setUp(load: (r: ReleaseRecord) => Promise<ServedRelease> = async (r) => releaseOf(r)) {
  const state = { served: record('a') as ReleaseRecord | null, swapped: [] as string[], loads: [] as string[] };
  const switcher = new ReleaseSwitcher({
    current: releaseOf(record('a')),
    readServed: async () => state.served,
    load: (r) => {
      state.loads.push(r.release_id);
      return load(r);
    },
    swap: (release) => state.swapped.push(release.record.release_id),
    log,
  });
  return { state, switcher };
}

describe('ReleaseSwitcher', () => {
  it('does nothing while the served release is the one in memory', async () => {
    const { state, switcher } = setUp();
    await switcher.check();
    expect(state.loads).toEqual([]);
  });

  it('swaps in a changed release, and a re-ingested one (same id, new ingest time)', async () => {
    const { state, switcher } = setUp();
    state.served = record('b');
    await switcher.check();
    state.served = record('b', '2026-02-01T00:00:00Z');
    await switcher.check();
    expect(state.swapped).toEqual(['b', 'b']);
    expect(switcher.served.record.ingested_at).toBe('2026-02-01T00:00:00Z');
  });

  it('keeps the previous release when the new one fails, counts it, and does not retry it at every check', async () => {
    const before = await switches('failed');
    const { state, switcher } = setUp(async () => {
      throw new Error('scenes: 2 rows loaded, the manifest states 3');
    });
    state.served = record('b');
    await switcher.check();
    await switcher.check();
    expect(state.swapped).toEqual([]);
    expect(state.loads).toEqual(['b']);
    expect(switcher.served.record.release_id).toBe('a');
    expect(await switches('failed')).toBe(before + 1);
  });

  it('drops a load the served release moved past meanwhile and loads the newer one', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { state, switcher } = setUp(async (r) => {
      if (r.release_id === 'b') await gate;
      return releaseOf(r);
    });
    state.served = record('b');
    const first = switcher.check();
    await new Promise((resolve) => setImmediate(resolve));
    state.served = record('c');
    const second = switcher.check();
    release();
    await Promise.all([first, second]);
    expect(state.loads).toEqual(['b', 'c']);
    expect(state.swapped).toEqual(['c']);
  });

  it('keeps the current release when no release is served any more', async () => {
    const before = await switches('none_served');
    const { state, switcher } = setUp();
    state.served = null;
    await switcher.check();
    await switcher.check();
    expect(switcher.served.record.release_id).toBe('a');
    expect(state.loads).toEqual([]);
    expect(await switches('none_served')).toBe(before + 1);
  });
});
