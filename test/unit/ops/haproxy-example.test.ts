import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { configFor, findHaproxy } from '../../helpers/haproxy.ts';

// docs/haproxy.cfg.example is what DEPLOY.md gives operators and what the fleet test runs: the test's copy differs
// only in its bind address, servers and stats socket (its round-robin copy also in the balance line), and haproxy
// itself accepts each (when installed).

const template = readFileSync(new URL('../../../docs/haproxy.cfg.example', import.meta.url), 'utf8');
const config = configFor(template, 18_080, '/tmp/x/admin.sock', [
  { name: 'r1', port: 3001 },
  { name: 'r2', port: 3002 },
]);
const roundRobin = configFor(template, 18_081, '/tmp/x/admin.sock', [{ name: 'r1', port: 3001 }], 'roundrobin');
const dir = mkdtempSync(join(tmpdir(), 'machimi-haproxy-cfg-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the haproxy example configuration', () => {
  it('checks /readyz for 200 and appends X-Forwarded-For, as DEPLOY.md says', () => {
    for (const line of ['option httpchk GET /readyz', 'http-check expect status 200', 'option forwardfor'])
      expect(template).toContain(line);
    expect(template).toMatch(/default-server check inter 500ms fall 2 rise 2/);
  });

  it('keeps each client address on one replica, by consistent hashing, as DEPLOY.md says', () => {
    expect(template.match(/^\s*(balance|hash-type) .*$/gm)?.map((line) => line.trim())).toEqual([
      'balance source',
      'hash-type consistent',
    ]);
  });

  it("the test's copy replaces only the bind address, the servers and the socket", () => {
    expect(config).toMatch(/^\s*bind 127\.0\.0\.1:18080$/m);
    expect(config).toMatch(/stats socket \/tmp\/x\/admin\.sock /);
    expect(config.match(/^\s*server .*$/gm)).toEqual(['    server r1 127.0.0.1:3001', '    server r2 127.0.0.1:3002']);
    const kept = (text: string) => text.split('\n').filter((line) => !/^\s*(bind|server|stats socket)\s/.test(line));
    expect(kept(config).join('\n').trim()).toBe(kept(template).join('\n').trim());
    const balanced = (text: string) => kept(text).map((line) => line.replace(/^(\s*balance) \S+$/, '$1 …'));
    expect(roundRobin).toMatch(/^\s*balance roundrobin$/m);
    expect(balanced(roundRobin).join('\n').trim()).toBe(balanced(template).join('\n').trim());
  });

  it.skipIf(process.env.CI !== 'true' && !findHaproxy())('haproxy -c accepts each', () => {
    const binary = findHaproxy() as string;
    for (const [name, text] of [
      ['example.cfg', template],
      ['test.cfg', config],
      ['round-robin.cfg', roundRobin],
    ] as const) {
      writeFileSync(join(dir, name), text);
      const check = spawnSync(binary, ['-c', '-f', join(dir, name)], { encoding: 'utf8' });
      expect(check.stdout + check.stderr).toMatch(/Configuration file is valid/);
      expect(check.status).toBe(0);
    }
  });
});
