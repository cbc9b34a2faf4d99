// Load generation for the HTTP benchmark (autocannon, in this process): fixed connections and duration, each request
// on the next path of a list, so requests spread over many points and caches do not make the answer trivial.
import autocannon from 'autocannon';
import { cpuUsPerRequest, processCpuMs } from './process-cpu.ts';

export interface HttpTarget {
  /** Row label in the table. */
  name: string;
  baseUrl: string;
  /** Request paths (with query), used round-robin across all connections. */
  paths: readonly string[];
  /** The server's process, whose CPU per request is reported when given. */
  pid?: number;
  /** Headers of every request (Accept-Encoding). */
  headers?: Record<string, string>;
  /** Per path, the ETag sent as If-None-Match: the row then counts 304s, not 2xx, as answered. */
  etags?: ReadonlyMap<string, string>;
}

export interface LoadOptions {
  connections: number;
  durationS: number;
  /** A short run before the measured one (JIT, caches, connection pools), not counted. */
  warmupS: number;
}

export interface HttpRow {
  name: string;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  /** Mean response size (body and headers) in bytes. */
  bytesPerResponse: number;
  /** Requests that failed or did not answer 2xx; a row with any is not a valid figure. */
  failed: number;
  /** The server process's CPU time (user + system, all threads) per answered request, when its pid is known. */
  cpuUsPerRequest: number | null;
}

export async function measureTarget(target: HttpTarget, options: LoadOptions): Promise<HttpRow> {
  let next = 0;
  const run = (durationS: number) =>
    autocannon({
      url: target.baseUrl,
      connections: options.connections,
      duration: durationS,
      timeout: 30,
      requests: [
        {
          method: 'GET',
          setupRequest: (request) => {
            const path = target.paths[next++ % target.paths.length] as string;
            request.path = path;
            const etag = target.etags?.get(path);
            request.headers = { ...request.headers, ...target.headers, ...(etag ? { 'if-none-match': etag } : {}) };
            return request;
          },
        },
      ],
    });
  if (options.warmupS > 0) await run(options.warmupS);
  const cpuBefore = target.pid === undefined ? null : processCpuMs(target.pid);
  const result = await run(options.durationS);
  const cpuAfter = target.pid === undefined ? null : processCpuMs(target.pid);
  const completed = result['2xx'] + result.non2xx;
  const answered = target.etags ? result['3xx'] : result['2xx'];
  return {
    name: target.name,
    rps: answered / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    bytesPerResponse: completed > 0 ? result.throughput.total / completed : 0,
    failed: completed - answered + result.errors + result.timeouts,
    cpuUsPerRequest: cpuUsPerRequest(cpuBefore, cpuAfter, completed),
  };
}
