import { type Logger, pino } from 'pino';
import type { Config } from './config.ts';

export type { Logger };

// One JSON line per event on stdout; request-scoped children carry request_id.
export function createLogger(config: Pick<Config, 'logLevel'>, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level: config.logLevel,
      base: { service: 'machimi' },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
}
