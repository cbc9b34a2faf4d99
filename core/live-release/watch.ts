// When a running server looks at the served release again: at each notification on RELEASE_CHANNEL (sent by the
// release command and ingest in the transaction that changes a status), each time the listening connection is
// (re)established (notifications may have been missed meanwhile), and every `pollMs` whatever happens, the bound on
// noticing a change when notifications are lost. PostgreSQL only: the embedded store is held by one process, and
// the release command refuses to run beside it.
import type { Logger } from '../log.ts';
import { RELEASE_CHANNEL, type Store } from '../store/index.ts';

export interface ReleaseWatch {
  close(): Promise<void>;
}

export function watchServedRelease(store: Store, pollMs: number, log: Logger, check: () => void): ReleaseWatch {
  let listenFailures = 0;
  const listener = store.listen?.(RELEASE_CHANNEL, {
    notify: () => check(),
    listening: () => {
      if (listenFailures > 0) log.info({ channel: RELEASE_CHANNEL }, 'listening for release changes again');
      listenFailures = 0;
      check();
    },
    error: (error, retryInMs) => {
      // One warning per outage, not per attempt: the poll keeps the bound meanwhile.
      if (listenFailures++ === 0)
        log.warn({ err: error, retry_in_ms: retryInMs, poll_ms: pollMs }, 'release notifications lost: polling');
    },
  });
  const timer = setInterval(check, pollMs);
  timer.unref();
  return {
    async close() {
      clearInterval(timer);
      await listener?.close();
    },
  };
}
