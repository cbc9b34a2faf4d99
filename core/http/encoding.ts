import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import Negotiator from 'negotiator';

// Content-Encoding of JSON answers, negotiated by Accept-Encoding. A nearby page of 50 scenes is ~35 KB of JSON, mostly
// Japanese text and repeated keys; compressed it is a few KB, which a client on a real network feels more than the
// CPU it costs here. Levels and preference were chosen by `npm run bench -- http` (docs/PERFORMANCE.md): gzip 1 and
// brotli 2 both bring a nearby page to 18 % of its bytes, and gzip did so at 59 % of the uncompressed requests/s
// against brotli's 42 %; higher levels cost more requests/s for a few per cent of bytes.

export type Encoding = 'br' | 'gzip';

/** Bodies shorter than this are sent as they are: below a packet, compression saves no round trip. */
export const COMPRESS_MIN_BYTES = 1024;
export const GZIP_LEVEL = 1;
export const BROTLI_QUALITY = 2;

const offered = ['gzip', 'br', 'identity'];
// Among codings the client rates equally, ours: gzip, the cheaper one for the same size; brotli when it is the only one.
const ours = { preferred: offered };
type PreferringNegotiator = { encoding(available: string[], options: typeof ours): string | undefined };

/** The coding to use for a compressible answer, or null for none (no header, identity preferred, nothing offered). */
export function negotiateEncoding(acceptEncoding: string | null): Encoding | null {
  if (!acceptEncoding) return null;
  const negotiator = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } });
  const chosen = (negotiator as unknown as PreferringNegotiator).encoding(offered, ours);
  return chosen === 'br' || chosen === 'gzip' ? chosen : null;
}

export function compress(body: Uint8Array, encoding: Encoding): Buffer {
  if (encoding === 'gzip') return gzipSync(body, { level: GZIP_LEVEL });
  return brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
    },
  });
}
