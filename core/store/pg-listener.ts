// LISTEN on a PostgreSQL channel through a client of its own (a pooled connection would be handed to other queries
// and lose the subscription). A dropped or refused connection is retried with a doubling back-off up to a ceiling,
// for as long as the listener is open; its failures are reported, never thrown: the pool serves on regardless.
import pg from 'pg';
import { assertIdentifier } from './copy-text.ts';

export interface ChannelEvents {
  /** A notification arrived (its payload, possibly empty). */
  notify: (payload: string) => void;
  /** The subscription is (again) in place: notifications sent while it was not may have been missed. */
  listening?: () => void;
  /** The connection failed or dropped; `retryInMs` is the wait before the next attempt. */
  error?: (error: Error, retryInMs: number) => void;
}

export interface ChannelListener {
  close(): Promise<void>;
}

export interface ListenOptions {
  connectionString: string;
  channel: string;
  /** Deadline of connecting and of the LISTEN statement. */
  timeoutMs: number;
  /** First and largest wait between attempts (defaults 250 ms and 10 s). */
  minBackoffMs?: number;
  maxBackoffMs?: number;
}

/** The application_name of a listening connection: the channel and the pid of the process that listens. */
export function listenerApplicationName(channel: string, pid = process.pid): string {
  return `machimi listen ${channel} ${pid}`;
}

export function listenOnChannel(options: ListenOptions, events: ChannelEvents): ChannelListener {
  assertIdentifier(options.channel);
  const minBackoff = options.minBackoffMs ?? 250;
  const maxBackoff = options.maxBackoffMs ?? 10_000;
  let closed = false;
  let backoff = minBackoff;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;

  const scheduleRetry = (error: Error) => {
    const dropped = client;
    client = null;
    dropped?.removeAllListeners();
    dropped?.on('error', () => {});
    void dropped?.end().catch(() => {});
    if (closed) return;
    const wait = backoff;
    backoff = Math.min(backoff * 2, maxBackoff);
    events.error?.(error, wait);
    retry = setTimeout(connect, wait);
    retry.unref();
  };

  const connect = async () => {
    retry = null;
    if (closed) return;
    const attempt = new pg.Client({
      connectionString: options.connectionString,
      connectionTimeoutMillis: options.timeoutMs,
      query_timeout: options.timeoutMs,
      keepAlive: true,
      // How an operator (or a test) finds this connection in pg_stat_activity, e.g. to end it.
      application_name: listenerApplicationName(options.channel),
    });
    client = attempt;
    const failed = (error: Error) => {
      if (client === attempt) scheduleRetry(error);
    };
    attempt.on('error', failed);
    attempt.on('end', () => failed(new Error('the listening connection ended')));
    attempt.on('notification', (message) => {
      if (message.channel === options.channel) events.notify(message.payload ?? '');
    });
    try {
      await attempt.connect();
      await attempt.query(`LISTEN ${options.channel}`);
    } catch (error) {
      failed(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (closed || client !== attempt) return;
    backoff = minBackoff;
    events.listening?.();
  };

  void connect();
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const open = client;
      client = null;
      if (!open) return;
      open.removeAllListeners();
      open.on('error', () => {});
      await open.end().catch(() => {});
    },
  };
}
