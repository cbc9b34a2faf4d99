import { serviceVersion } from '../version.ts';
import { storeErrors } from './metrics.ts';

// Whether this process should get traffic (GET /readyz). Three sources feed it: start-up (a release is loaded, then
// its scenery search index), the stop sequence (draining) and the store (a ping with a short deadline on each check, plus whatever the store layer
// reports through reportStore, e.g. repeated timeouts). Nothing here knows HTTP.

export type NotReadyCode = 'starting' | 'search_index_loading' | 'draining' | 'store_unreachable' | 'store_degraded';
export type StoreHealth = 'ok' | 'unreachable' | 'degraded';

export interface NotReadyReason {
  code: NotReadyCode;
  message: string;
}

export interface ReadinessReport {
  status: 'ready' | 'not_ready';
  version: string;
  release_id: string | null;
  reasons: NotReadyReason[];
}

export interface ReadinessOptions {
  /** One cheap round trip to the store (e.g. SELECT 1); absent: the store is not pinged. */
  ping?: () => Promise<unknown>;
  /** How long a ping may take before the store counts as unreachable. */
  pingTimeoutMs?: number;
}

const defaultPingTimeoutMs = 1000;

export class Readiness {
  private releaseId: string | null = null;
  private searchIndexLoading = false;
  private draining = false;
  private storeReport: { health: Exclude<StoreHealth, 'ok'>; message: string } | null = null;
  private inFlightPing: Promise<string | null> | null = null;
  private readonly ping: (() => Promise<unknown>) | undefined;
  private readonly pingTimeoutMs: number;

  constructor(options: ReadinessOptions = {}) {
    this.ping = options.ping;
    this.pingTimeoutMs = options.pingTimeoutMs ?? defaultPingTimeoutMs;
  }

  /** Start-up loaded the release to serve. */
  releaseLoaded(releaseId: string): void {
    this.releaseId = releaseId;
  }

  /**
   * The served release's search index is loading: searches sent here would wait for it (seconds to minutes), so the
   * process takes no traffic until `loaded` settles. A failed load settles it too: searches then retry the build,
   * and place lookup should not be held back by it.
   */
  waitForSearchIndex(loaded: Promise<unknown>): void {
    this.searchIndexLoading = true;
    const settled = () => {
      this.searchIndexLoading = false;
    };
    loaded.then(settled, settled);
  }

  /** The stop sequence began: from now on the process answers 503 on /readyz. Cannot be undone. */
  startDraining(): void {
    this.draining = true;
  }

  get isDraining(): boolean {
    return this.draining;
  }

  /**
   * What the store layer knows about the store's health (its own timeouts and connection errors). 'ok' clears an
   * earlier report; `message` says why in the /readyz answer.
   */
  reportStore(health: StoreHealth, message = ''): void {
    this.storeReport = health === 'ok' ? null : { health, message: message || `the store is ${health}` };
  }

  async check(): Promise<ReadinessReport> {
    const reasons: NotReadyReason[] = [];
    if (this.releaseId === null) reasons.push({ code: 'starting', message: 'no release is loaded yet' });
    if (this.searchIndexLoading) {
      reasons.push({ code: 'search_index_loading', message: 'the scenery search index of the release is loading' });
    }
    if (this.draining) {
      reasons.push({ code: 'draining', message: 'the process is stopping; requests in flight are being finished' });
    }
    if (this.storeReport) {
      const code = this.storeReport.health === 'unreachable' ? 'store_unreachable' : 'store_degraded';
      reasons.push({ code, message: this.storeReport.message });
    }
    // A stopping process may have closed its store already: no ping then.
    if (!this.draining && this.storeReport?.health !== 'unreachable') {
      const failure = await this.pingOnce();
      if (failure !== null) reasons.push({ code: 'store_unreachable', message: failure });
    }
    return {
      status: reasons.length === 0 ? 'ready' : 'not_ready',
      version: serviceVersion,
      release_id: this.releaseId,
      reasons,
    };
  }

  // Probes arriving together share one ping, so a hung store costs one pending query, not one per probe.
  private pingOnce(): Promise<string | null> {
    if (!this.ping) return Promise.resolve(null);
    this.inFlightPing ??= this.pingWithDeadline().finally(() => {
      this.inFlightPing = null;
    });
    return this.inFlightPing;
  }

  private async pingWithDeadline(): Promise<string | null> {
    const ping = this.ping as () => Promise<unknown>;
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<string>((resolve) => {
      timer = setTimeout(
        () => resolve(`the store did not answer a ping within ${this.pingTimeoutMs} ms`),
        this.pingTimeoutMs,
      );
    });
    const answered = ping().then(
      () => null,
      // The driver's message may name hosts or paths: the answer says only that it failed.
      () => 'the store failed a ping',
    );
    try {
      const failure = await Promise.race([answered, deadline]);
      if (failure !== null) storeErrors.inc({ call: 'ping' });
      return failure;
    } finally {
      clearTimeout(timer);
    }
  }
}
