// Every environment variable the service reads is parsed here, once, and a bad value stops start-up with a message
// that names the variable and the accepted form.

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /** PostgreSQL: the deadline of one statement or connection; past it the store counts as unavailable. */
  storeTimeoutMs: number;
  /** PostgreSQL: the longest a change of the served release goes unnoticed when its notification is lost. */
  releasePollMs: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  trustProxy: number;
  /** Origin (optionally with a path prefix) every absolute link is built on; null: the listening address. */
  publicBaseUrl: string | null;
  /** Open connections in all; null: derived from the file-descriptor limit (core/http/connection-limits.ts). */
  maxConnections: number | null;
  /** Open connections from one TCP peer; null: 64, or the whole total behind TRUST_PROXY (the proxy is the peer). */
  maxConnectionsPerClient: number | null;
  scenerySearchOrigins: string[];
  rateLimitFactor: number;
  demoScenes: number;
  demoSeed: number;
  /** The external judge of scenery search (mode jev); null means the built-in rubric judge. */
  judge: JudgeConfig | null;
  /** How long a stop waits for the requests in flight before cutting their connections. */
  shutdownGraceMs: number;
  /** The Prometheus listener (METRICS_PORT, METRICS_HOST); null: none. */
  metrics: { host: string; port: number } | null;
}

/** An OpenAI-compatible chat-completions endpoint that judges search candidates (JUDGE_* variables). */
export interface JudgeConfig {
  url: string;
  model: string;
  apiKey: string | null;
  timeoutMs: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

function readInteger(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^[0-9]+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got ${JSON.stringify(raw)}`);
  }
  return Number(raw);
}

function readDatabaseUrl(env: Env): string | null {
  const raw = env.DATABASE_URL;
  if (raw === undefined || raw === '') return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('DATABASE_URL must be a URL such as postgres://user:password@127.0.0.1:5432/machimi');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new ConfigError(`DATABASE_URL must use postgres:// or postgresql://, got ${url.protocol}//`);
  }
  return raw;
}

function readOrigins(env: Env, port: number): string[] {
  const raw = env.EXPLORE_ORIGIN;
  if (raw === undefined || raw === '') return [`http://localhost:${port}`, `http://127.0.0.1:${port}`];
  return raw.split(',').map((entry) => {
    const origin = entry.trim();
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      throw new ConfigError(`EXPLORE_ORIGIN must be a comma-separated list of origins such as https://example.jp`);
    }
    if (url.origin !== origin) {
      throw new ConfigError(`EXPLORE_ORIGIN entry ${JSON.stringify(origin)} is not a bare origin; use ${url.origin}`);
    }
    return origin;
  });
}

// Links in responses are built on this, never on Host or X-Forwarded-*: those are written by the client, and the
// responses are cached publicly.
function readPublicBaseUrl(env: Env): string | null {
  const raw = env.PUBLIC_BASE_URL?.trim();
  if (!raw) return null;
  const form = 'PUBLIC_BASE_URL must be an absolute http(s) URL such as https://machimi.example.jp';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${form}, got ${JSON.stringify(raw)}`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) {
    throw new ConfigError(`${form} (no user name or password), got ${JSON.stringify(raw)}`);
  }
  if (url.search || url.hash || raw.includes('?') || raw.includes('#')) {
    throw new ConfigError(`PUBLIC_BASE_URL must not have a query or fragment, got ${JSON.stringify(raw)}`);
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

function readOptionalInteger(env: Env, name: string, min: number, max: number): number | null {
  return env[name] === undefined || env[name] === '' ? null : readInteger(env, name, 0, min, max);
}

function readLogLevel(env: Env): Config['logLevel'] {
  const raw = env.LOG_LEVEL ?? 'info';
  const level = logLevels.find((candidate) => candidate === raw);
  if (!level) throw new ConfigError(`LOG_LEVEL must be one of ${logLevels.join(', ')}, got ${JSON.stringify(raw)}`);
  return level;
}

/** JUDGE_URL and JUDGE_MODEL select the external judge (both or neither); JUDGE_API_KEY and JUDGE_TIMEOUT_MS tune it. */
export function readJudgeConfig(env: Env): JudgeConfig | null {
  const url = env.JUDGE_URL?.trim();
  const model = env.JUDGE_MODEL?.trim();
  if (!url) {
    if (model) throw new ConfigError('JUDGE_MODEL is set but JUDGE_URL is not; set both to use an external judge');
    return null;
  }
  if (!model) throw new ConfigError('JUDGE_URL is set but JUDGE_MODEL is not; set both to use an external judge');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ConfigError('JUDGE_URL must be a URL such as http://127.0.0.1:8080/v1');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new ConfigError(`JUDGE_URL must use http:// or https://, got ${parsed.protocol}//`);
  }
  return {
    url,
    model,
    apiKey: env.JUDGE_API_KEY?.trim() || null,
    timeoutMs: readInteger(env, 'JUDGE_TIMEOUT_MS', 8000, 100, 120_000),
  };
}

export function parseConfig(env: Env = process.env): Config {
  const port = readInteger(env, 'PORT', 3000, 0, 65535);
  return {
    port,
    host: env.HOST || '127.0.0.1',
    dataDir: env.DATA_DIR || '.data',
    databaseUrl: readDatabaseUrl(env),
    storeTimeoutMs: readInteger(env, 'STORE_TIMEOUT_MS', 2000, 100, 120_000),
    releasePollMs: readInteger(env, 'RELEASE_POLL_MS', 5000, 100, 600_000),
    logLevel: readLogLevel(env),
    trustProxy: readInteger(env, 'TRUST_PROXY', 0, 0, 10),
    publicBaseUrl: readPublicBaseUrl(env),
    maxConnections: readOptionalInteger(env, 'MAX_CONNECTIONS', 1, 1_000_000),
    maxConnectionsPerClient: readOptionalInteger(env, 'MAX_CONNECTIONS_PER_CLIENT', 1, 1_000_000),
    scenerySearchOrigins: readOrigins(env, port),
    rateLimitFactor: readInteger(env, 'RATE_LIMIT_FACTOR', 1, 1, 1_000_000),
    demoScenes: readInteger(env, 'DEMO_SCENES', 50_000, 100, 5_000_000),
    demoSeed: readInteger(env, 'DEMO_SEED', 1, 0, 2 ** 31),
    judge: readJudgeConfig(env),
    shutdownGraceMs: readInteger(env, 'SHUTDOWN_GRACE_S', 10, 0, 600) * 1000,
    metrics: env.METRICS_PORT
      ? { host: env.METRICS_HOST || '127.0.0.1', port: readInteger(env, 'METRICS_PORT', 0, 0, 65535) }
      : null,
  };
}
