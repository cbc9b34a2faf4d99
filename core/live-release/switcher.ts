// Follows the served release (the store's served_release view) in a running server: on each check, a release other
// than the one served is loaded and checked in the background and handed to `swap`, which replaces it between
// requests. One load at a time; a change that arrives meanwhile is read once that load ends, and a loaded release
// that is no longer the served one is dropped. A release that fails to load or check is not swapped in: the
// previous one keeps serving, the reason is logged and counted, and the same release is tried again only after
// `retryFailedMs` (or once it is ingested anew).
import type { ServedRelease } from '../data/served-release.ts';
import type { Logger } from '../log.ts';
import { releaseSwitches } from '../ops/metrics.ts';
import type { ReleaseRecord } from '../store/index.ts';

export interface SwitcherOptions {
  current: ServedRelease;
  /** The served_release view now (null: no published or staged release is left). */
  readServed: () => Promise<ReleaseRecord | null>;
  load: (record: ReleaseRecord) => Promise<ServedRelease>;
  swap: (release: ServedRelease) => void;
  log: Logger;
  retryFailedMs?: number;
}

const keyOf = (record: ReleaseRecord) => `${record.release_id}@${record.ingested_at}`;

export class ReleaseSwitcher {
  private current: ServedRelease;
  private running: Promise<void> | null = null;
  private again = false;
  private failed: { key: string; at: number } | null = null;
  private warnedEmpty = false;
  private readonly options: SwitcherOptions;

  constructor(options: SwitcherOptions) {
    this.options = options;
    this.current = options.current;
  }

  get served(): ServedRelease {
    return this.current;
  }

  /** Reads the served release and follows it; resolves once this and any change seen meanwhile are handled. */
  check(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.follow().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async follow(): Promise<void> {
    do {
      this.again = false;
      await this.followOnce().catch((error: unknown) =>
        this.options.log.warn({ err: error }, 'could not read the served release: serving on unchanged'),
      );
    } while (this.again);
  }

  private async followOnce(): Promise<void> {
    const { log } = this.options;
    const record = await this.options.readServed();
    const servedId = this.current.record.release_id;
    if (!record) {
      if (!this.warnedEmpty) {
        log.warn({ release_id: servedId }, 'the store serves no release any more: keeping the current one');
        releaseSwitches.inc({ outcome: 'none_served' });
      }
      this.warnedEmpty = true;
      return;
    }
    this.warnedEmpty = false;
    const key = keyOf(record);
    if (key === keyOf(this.current.record)) return;
    const retryAfter = this.options.retryFailedMs ?? 60_000;
    if (this.failed?.key === key && Date.now() - this.failed.at < retryAfter) return;
    const started = performance.now();
    log.info({ release_id: record.release_id, from: servedId }, 'the served release changed: loading it');
    let next: ServedRelease;
    try {
      next = await this.options.load(record);
    } catch (error) {
      this.failed = { key, at: Date.now() };
      releaseSwitches.inc({ outcome: 'failed' });
      log.warn(
        { release_id: record.release_id, serving: servedId, reason: error instanceof Error ? error.message : error },
        `release ${record.release_id} failed to load or check: serving ${servedId} on`,
      );
      return;
    }
    const now = await this.options.readServed();
    if (!now || keyOf(now) !== key) {
      releaseSwitches.inc({ outcome: 'superseded' });
      log.info({ release_id: record.release_id }, 'the served release changed again while loading: dropped');
      this.again = true;
      return;
    }
    this.failed = null;
    this.current = next;
    this.options.swap(next);
    releaseSwitches.inc({ outcome: 'switched' });
    log.info(
      { release_id: record.release_id, from: servedId, ms: Math.round(performance.now() - started) },
      `now serving release ${record.release_id}`,
    );
  }
}
