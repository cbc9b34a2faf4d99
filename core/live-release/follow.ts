// Wires a running server to the served release of its PostgreSQL store (watch.ts → switcher.ts → candidate.ts).
// The embedded store has no watcher: one process holds its folder, so no other can change what it serves.
import type { Config } from '../config.ts';
import { writeServedRecord } from '../data/served-record.ts';
import type { ServedRelease } from '../data/served-release.ts';
import type { Logger } from '../log.ts';
import { getServedRelease } from '../store/index.ts';
import { loadCandidate } from './candidate.ts';
import { ReleaseSwitcher } from './switcher.ts';
import { type ReleaseWatch, watchServedRelease } from './watch.ts';

export interface FollowInput {
  config: Config;
  log: Logger;
  current: ServedRelease;
  /** Puts the release in place for the requests that start from now on. */
  swap: (release: ServedRelease) => void;
}

export function followServedRelease(input: FollowInput): ReleaseWatch | null {
  // No closure below may name `input`: it would keep the first release alive after a switch.
  const { config, log, swap } = input;
  const { store } = input.current;
  if (store.kind !== 'postgres' || !store.listen) return null;
  const switcher = new ReleaseSwitcher({
    current: input.current,
    readServed: () => getServedRelease(store),
    load: (record) => loadCandidate(record, { store, config, log }),
    swap: (release) => {
      swap(release);
      // A later start without the database serves what this process served last (snapshot-start.ts).
      writeServedRecord(config.dataDir, release.record).catch((error: unknown) =>
        log.warn({ err: error }, 'could not save the served release record'),
      );
    },
    log,
  });
  // While the store is down the served release cannot be read; its return is noticed by the next tick.
  const check = () => {
    if (store.health.isUp) void switcher.check();
  };
  return watchServedRelease(store, config.releasePollMs, log, check);
}
