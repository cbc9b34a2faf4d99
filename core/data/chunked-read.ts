// Reading a start-up cache (hundreds of MB at 1 M scenes) in pieces, so that a server that already listens keeps
// answering /healthz, /readyz and requests meanwhile, and the search index building beside it is not held up by one
// long task: each read waits on the thread pool, and the checksum is computed a piece per event-loop turn.
import { open } from 'node:fs/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { crc32 } from 'node:zlib';

/** Bytes per read and per checksum step: a few milliseconds of CRC-32 each. */
const PIECE = 8 * 1024 * 1024;

/** The whole file, read PIECE bytes at a time (shorter when it shrank while read). */
export async function readFileInPieces(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const file = Buffer.allocUnsafe(size);
    let filled = 0;
    while (filled < size) {
      const { bytesRead } = await handle.read(file, filled, Math.min(PIECE, size - filled), filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return filled === size ? file : file.subarray(0, filled);
  } finally {
    await handle.close();
  }
}

/** CRC-32 of `bytes` (as zlib.crc32), one PIECE per event-loop turn. */
export async function crc32InPieces(bytes: Uint8Array): Promise<number> {
  let checksum = 0;
  for (let start = 0; start < bytes.byteLength; start += PIECE) {
    if (start > 0) await nextTurn();
    checksum = crc32(bytes.subarray(start, start + PIECE), checksum);
  }
  return checksum;
}
