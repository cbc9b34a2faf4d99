import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createStartupConsole } from '../../../core/ops/startup-console.ts';

function sink(isTTY: boolean): { stream: NodeJS.WriteStream; text: () => string } {
  let written = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      written += String(chunk);
      done();
    },
  }) as unknown as NodeJS.WriteStream;
  stream.isTTY = isTTY;
  return { stream, text: () => written };
}

describe('the start-up console', () => {
  it('writes one line per step and no carriage returns when the output is not a terminal', () => {
    const { stream, text } = sink(false);
    const say = createStartupConsole(stream);
    say.step('generating the demo city');
    for (let done = 0; done <= 1000; done += 100) say.progress(done, 1000, 'scenes');
    say.done('1,000 scenes written');
    expect(text()).not.toContain('\r');
    expect(text().split('\n')).toEqual([
      'machimi: generating the demo city',
      expect.stringMatching(/^ {2}1,000 scenes written in \d+\.\d s$/),
      '',
    ]);
  });

  it('draws a progress bar in place on a terminal and ends it with the step summary', () => {
    const { stream, text } = sink(true);
    const say = createStartupConsole(stream);
    say.step('generating the demo city');
    say.progress(500, 1000, 'scenes');
    say.progress(1000, 1000, 'scenes');
    say.done('1,000 scenes written');
    expect(text()).toContain('\r  [############------------] 500/1,000 scenes');
    expect(text()).toContain('\r  [########################] 1,000/1,000 scenes');
    const erase = '\u001b[K';
    expect(text().endsWith(`${erase}\n`)).toBe(true);
    expect(text()).toMatch(/\r {2}1,000 scenes written in \d+\.\d s/);
  });
});
