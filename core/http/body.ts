import { ApiError } from '../errors.ts';

// Reads at most `limit` bytes: a declared Content-Length over the limit is refused before reading, and a body that
// grows past the limit while streaming is refused as soon as it does.

function tooLarge(limit: number): ApiError {
  return new ApiError(
    'payload_too_large',
    `The request body is larger than ${limit} bytes; send at most ${limit} bytes`,
  );
}

export async function readBody(request: Request, limit: number): Promise<Uint8Array> {
  const declared = request.headers.get('content-length');
  if (declared !== null && /^[0-9]+$/.test(declared) && Number(declared) > limit) throw tooLarge(limit);
  if (!request.body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    // A body cut off (the request deadline, the client gone) is the client's doing: a 400, not a logged fault.
    const { done, value } = await reader.read().catch((cause: unknown) => {
      throw new ApiError('invalid_json', 'The request body ended before it was complete', { field: 'body', cause });
    });
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

export function isJsonContentType(value: string | null): boolean {
  if (!value) return false;
  const mediaType = value.split(';')[0]?.trim().toLowerCase();
  return (
    mediaType === 'application/json' || (mediaType?.startsWith('application/') === true && mediaType.endsWith('+json'))
  );
}
