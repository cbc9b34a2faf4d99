import { readFileSync } from 'node:fs';

// The version of the running code, read once from package.json (the one place it is written): shown by GET /v1,
// /healthz, /readyz, the metrics and the start-up line.
export const serviceVersion: string = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
