// Benches must measure the server as `npm start` runs it: the same Node flags and the same allocator settings.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { serverEnv, serverNodeFlags } from '../../../scripts/bench/processes.ts';

const start = (
  JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
    scripts: { start: string };
  }
).scripts.start;

describe('the server launch', () => {
  it('of npm start is the one benches use', () => {
    const environment = Object.entries(serverEnv).map(([name, value]) => `${name}=${value}`);
    expect(start).toBe([...environment, 'node', ...serverNodeFlags, 'scripts/serve.ts'].join(' '));
  });

  it('keeps large glibc allocations in mmap, given back when freed', () => {
    expect(serverEnv.GLIBC_TUNABLES).toBe('glibc.malloc.mmap_threshold=131072');
  });
});
