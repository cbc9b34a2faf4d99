import type { ServerResponse } from 'node:http';
import { BytePool } from '../json/byte-pool.ts';
import { ByteWriter } from '../json/byte-writer.ts';

// Response bodies written into pooled memory (json/byte-pool.ts says why) and given back once Node has handed the
// last byte to the kernel ('finish'). A body whose response is never sent through node:http (app.fetch in tests, a
// HEAD answer, a connection closed mid-write) is simply not given back: the pool makes another buffer.

export interface LentBody {
  body: Uint8Array<ArrayBuffer>;
  release: () => void;
}

const pool = new BytePool();
const keep = () => {};

/** A body written by `write` into a pooled buffer (or into memory of its own when it outgrows one). */
export function writeBody(write: (writer: ByteWriter) => void): LentBody {
  const memory = pool.acquire();
  const writer = new ByteWriter(memory);
  write(writer);
  const body = writer.finish();
  if (writer.memory === memory) return { body, release: () => pool.release(memory) };
  pool.release(memory); // outgrown: the body lives in the writer's own memory, this buffer is no longer read
  return { body, release: keep };
}

// The release function rides on the response as a symbol property: a WeakMap entry per response cost more (a new
// key in an ephemeron table each request) than the rest of lending.
const releaseOf = Symbol('release the lent body');
type Lent = Response & { [releaseOf]?: () => void };

export function lendTo(response: Response, release: () => void): Response {
  if (release !== keep) (response as Lent)[releaseOf] = release;
  return response;
}

/** Gives the response's body memory back once `res` has sent it. */
export function releaseWhenSent(response: Response, res: ServerResponse | undefined): void {
  const release = (response as Lent)[releaseOf];
  if (release && res) res.once('finish', release);
}

/** Gives it back now: the body will not be sent (a HEAD request). */
export function releaseUnsent(response: Response): void {
  const lent = response as Lent;
  const release = lent[releaseOf];
  lent[releaseOf] = undefined;
  release?.();
}
