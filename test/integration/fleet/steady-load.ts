import { type Answer, send } from '../../helpers/loopback-client.ts';

// A few clients sending nearby and search requests through the balancer, one at a time each, for as long as a test
// runs, with a cap on the total. Each client is one loopback address, as the balancer sees clients (it keeps an
// address on one replica). The pause keeps every client below its rate limits (300 nearby and 20 searches a minute:
// at most 60 000 / pauseMs requests a minute, one in `searchEvery` a search), so the only expected status is 200.

export interface Sample {
  client: number;
  kind: 'nearby' | 'search';
  startedAt: number;
  endedAt: number;
  /** The HTTP status, or `error` when the connection failed or no answer came. */
  status: number | 'error';
  fromBalancer: boolean;
  /** The release the answer names (`snapshot` of nearby, `source_release` of search). */
  release: string | null;
  problems: string[];
  error?: string;
}

export interface LoadOptions {
  url: string;
  point: { lat: number; lon: number };
  clients?: number;
  pauseMs?: number;
  /** One request in this many is a search. */
  searchEvery?: number;
  maxRequests?: number;
  /** Third octet of the source addresses, so that tests' own clients stay apart. */
  subnet?: number;
}

export class SteadyLoad {
  readonly samples: Sample[] = [];
  #running = false;
  #workers: Promise<void>[] = [];
  #sent = 0;
  readonly #options: Required<LoadOptions>;

  constructor(options: LoadOptions) {
    this.#options = { clients: 8, pauseMs: 220, searchEvery: 16, maxRequests: 4000, subnet: 1, ...options };
  }

  get clients(): number {
    return this.#options.clients;
  }

  start(): void {
    this.#running = true;
    this.#workers = Array.from({ length: this.#options.clients }, (_, client) => this.#work(client));
  }

  async stop(): Promise<Sample[]> {
    this.#running = false;
    await Promise.all(this.#workers);
    return this.samples;
  }

  /** Samples answered (or failed) after `from` that had started before `to`: those a moment could have touched. */
  overlapping(from: number, to: number): Sample[] {
    return this.samples.filter((sample) => sample.endedAt >= from && sample.startedAt < to);
  }

  /** Samples that started at or after `from` (and before `to`). */
  between(from: number, to = Number.POSITIVE_INFINITY): Sample[] {
    return this.samples.filter((sample) => sample.startedAt >= from && sample.startedAt < to);
  }

  async #work(client: number): Promise<void> {
    const { url, point, pauseMs, searchEvery, maxRequests, subnet } = this.#options;
    const from = `127.0.${subnet}.${client + 1}`;
    for (let n = 0; this.#running && this.#sent < maxRequests; n++) {
      this.#sent++;
      const kind = n % searchEvery === searchEvery - 1 ? 'search' : 'nearby';
      const startedAt = Date.now();
      const sample: Sample = {
        client,
        kind,
        startedAt,
        endedAt: 0,
        status: 'error',
        fromBalancer: false,
        release: null,
        problems: [],
      };
      try {
        const answer: Answer =
          kind === 'nearby'
            ? await send(url, {
                from,
                path: `/v1/scenes/nearby?lat=${point.lat}&lon=${point.lon}&radius_m=300&limit=5`,
              })
            : await send(url, {
                from,
                method: 'POST',
                path: '/explore/api/search',
                body: { query: '石畳の坂道', limit: 3 },
              });
        sample.status = answer.status;
        sample.fromBalancer = answer.fromBalancer;
        sample.problems = answer.problems;
        sample.release = answer.body?.snapshot ?? answer.body?.source_release ?? null;
      } catch (error) {
        sample.error = (error as Error).message;
      }
      sample.endedAt = Date.now();
      this.samples.push(sample);
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  }
}

/** Counts of each status (and `error`) among samples, e.g. `{ 200: 812, 502: 1 }`. */
export function tally(samples: Sample[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { status } of samples) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

export const failures = (samples: Sample[]) =>
  samples.filter((sample) => sample.status === 'error' || (sample.status as number) >= 500);
