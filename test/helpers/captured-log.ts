import { Writable } from 'node:stream';
import type { Config } from '../../core/config.ts';
import { createLogger } from '../../core/log.ts';

/** The project's logger writing into `lines`, one parsed JSON object per line, for tests that assert on the log. */
export function captureLog(
  lines: Record<string, unknown>[] = [],
  config: Pick<Config, 'logLevel'> = { logLevel: 'info' },
) {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { log: createLogger(config, sink), lines };
}
