import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { relayLines, unfence } from '../../scripts/fuzz/unfence.ts';

describe('unfence: schemathesis section fences are not printed as pytest closing lines', () => {
  it.each([
    ['============================= 1 warning in 15.68s ==============================', '── 1 warning in 15.68s ──'],
    [
      '========================== No issues found in 71.68s ===========================',
      '── No issues found in 71.68s ──',
    ],
    ['=================================== SUMMARY ====================================', '── SUMMARY ──'],
    ['\x1b[1m==== 2 errors in 3.1s ====\x1b[0m', '── 2 errors in 3.1s ──'],
    ['  4528 generated, 4528 passed', '  4528 generated, 4528 passed'],
    ['a == b', 'a == b'],
    ['====', '===='],
    ['', ''],
  ])('%j → %j', (line, expected) => {
    expect(unfence(line)).toBe(expected);
  });

  it('relays a stream line by line, lines split across chunks included', async () => {
    const from = new PassThrough();
    const to = new PassThrough();
    let out = '';
    to.on('data', (chunk) => {
      out += chunk;
    });
    const done = relayLines(from, to);
    from.write('first\n=== 1 passed');
    from.write(' in 2s ===\nlast without newline');
    from.end();
    await done;
    expect(out).toBe('first\n── 1 passed in 2s ──\nlast without newline');
  });

  it('puts the prefix before every relayed line', async () => {
    const from = new PassThrough();
    const to = new PassThrough();
    let out = '';
    to.on('data', (chunk) => {
      out += chunk;
    });
    const done = relayLines(from, to, '[spec] ');
    from.end('one\ntwo\nthree');
    await done;
    expect(out).toBe('[spec] one\n[spec] two\n[spec] three');
  });
});
