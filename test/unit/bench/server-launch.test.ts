// Benches must measure the server as `npm start` runs it: they read its launch from package.json's "start".
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readStartCommand } from '../../../scripts/bench/shared/processes.ts';

const root = join(import.meta.dirname, '../../..');

function checkoutWithStart(start: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'machimi-start-'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ scripts: { start } }));
  return dir;
}

describe('the server launch of npm start', () => {
  it('runs scripts/serve.ts with a 64 MB young generation', () => {
    const launch = readStartCommand(root);
    expect(launch.script).toBe('scripts/serve.ts');
    expect(launch.nodeFlags).toEqual(['--max-semi-space-size=64']);
  });

  it('keeps large glibc allocations in mmap, given back when freed, and asks for huge pages on them', () => {
    expect(readStartCommand(root).env).toEqual({
      GLIBC_TUNABLES: 'glibc.malloc.mmap_threshold=131072:glibc.malloc.hugetlb=1',
    });
  });

  it.each([
    ['node scripts/serve.ts', { env: {}, nodeFlags: [], script: 'scripts/serve.ts' }],
    ['A=1 B_2=x=y node --f --g=2 s.ts', { env: { A: '1', B_2: 'x=y' }, nodeFlags: ['--f', '--g=2'], script: 's.ts' }],
  ])('reads %j', (start, expected) => {
    expect(readStartCommand(checkoutWithStart(start))).toEqual(expected);
  });

  it.each(['', 'node', 'tsx scripts/serve.ts', 'node scripts/serve.ts --port 1', 'node a.ts && node b.ts'])(
    'refuses %j, saying the shape it reads',
    (start) => {
      expect(() => readStartCommand(checkoutWithStart(start))).toThrow(
        /\[NAME=value …\] \[exec\] node \[--flag …\] <script>/,
      );
    },
  );
});
