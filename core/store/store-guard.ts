// Deadlines and the outage switch of the PostgreSQL driver. Every statement the driver runs is raced against a
// deadline; a statement the database does not answer in time, or a connection it refuses or drops, marks the store
// down (health.ts). While down, request-path statements fail at once with store_unavailable instead of queueing
// behind connections that hang, and a probe runs every `probeEveryMs` until one succeeds.
import { type StoreHealth, storeUnavailable } from './health.ts';

export class StoreDeadlineError extends Error {
  override name = 'StoreDeadlineError';
}

/** `work`, or a StoreDeadlineError after `ms`; the timer never keeps the process alive. */
export function withDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StoreDeadlineError(`${what}: no answer from the database in ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}

// Socket errors, and PostgreSQL's connection_exception class (08…), shutdown and cannot_connect_now (57P0…): the
// database cannot be reached. Anything else (a statement it refused, a cancelled statement) says it answers.
const unreachableCodes = /^(08|57P0[123]$|E(CONNREFUSED|CONNRESET|TIMEDOUT|PIPE|HOSTUNREACH|NETUNREACH|AI_AGAIN)$)/;
const unreachableMessages = /timeout exceeded when trying to connect|Connection terminated|Query read timeout/i;

export function isUnreachable(error: unknown): boolean {
  if (error instanceof StoreDeadlineError) return true;
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && unreachableCodes.test(code)) return true;
  return unreachableMessages.test(error.message) || (error.cause !== undefined && isUnreachable(error.cause));
}

export interface StoreGuardOptions {
  health: StoreHealth;
  timeoutMs: number;
  /** Checks the database answers (and prepares it when it had never answered); run while down. */
  probe: () => Promise<void>;
  probeEveryMs?: number;
}

export class StoreGuard {
  readonly #options: StoreGuardOptions;
  #probeTimer: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(options: StoreGuardOptions) {
    this.#options = options;
  }

  get timeoutMs(): number {
    return this.#options.timeoutMs;
  }

  /** Runs one request-path call: refused at once while down, bounded by the deadline, outages become 503s. */
  async run<T>(what: string, work: () => Promise<T>, ms = this.#options.timeoutMs): Promise<T> {
    if (!this.#options.health.isUp) throw storeUnavailable();
    try {
      return await withDeadline(work(), ms, what);
    } catch (error) {
      if (!isUnreachable(error)) throw error;
      this.markDown(error);
      throw storeUnavailable(error);
    }
  }

  markDown(error: unknown): void {
    this.#options.health.markDown(error instanceof Error ? error.message : String(error));
    this.#scheduleProbe();
  }

  close(): void {
    this.#closed = true;
    clearTimeout(this.#probeTimer);
  }

  #scheduleProbe(): void {
    if (this.#probeTimer || this.#closed) return;
    this.#probeTimer = setTimeout(() => void this.#probe(), this.#options.probeEveryMs ?? 1000);
    this.#probeTimer.unref();
  }

  async #probe(): Promise<void> {
    try {
      await withDeadline(this.#options.probe(), this.#options.timeoutMs, 'probe');
      this.#probeTimer = undefined;
      if (!this.#closed) this.#options.health.markUp();
    } catch {
      this.#probeTimer = undefined;
      this.#scheduleProbe();
    }
  }
}
