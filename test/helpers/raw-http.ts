import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { checkResponse } from './spec-check.ts';

// node:http requests that show what went over the wire: fetch would ask for and undo compression on its own. Every
// answer is still checked against the spec, on its decoded body.

export interface RawResponse {
  status: number;
  headers: Headers;
  /** The bytes as sent (compressed when the answer was). */
  wire: Buffer;
  /** The body after undoing its Content-Encoding. */
  text: string;
}

function decode(wire: Buffer, encoding: string | null): Buffer {
  if (wire.length === 0) return wire; // HEAD, 304
  if (encoding === 'gzip') return gunzipSync(wire);
  if (encoding === 'br') return brotliDecompressSync(wire);
  if (encoding === null) return wire;
  throw new Error(`unexpected content-encoding ${encoding}`);
}

export function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<RawResponse> {
  const method = options.method ?? 'GET';
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers: options.headers ?? {}, timeout: 10_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        try {
          resolve(checked(method, url, res.statusCode ?? 0, res.headers, Buffer.concat(chunks)));
        } catch (error) {
          reject(error);
        }
      });
    });
    req.on('timeout', () => req.destroy(new Error(`no answer from ${url} within 10 s`)));
    req.on('error', reject);
    req.end();
  });
}

function checked(method: string, url: string, status: number, raw: IncomingHttpHeaders, wire: Buffer): RawResponse {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const text = decode(wire, headers.get('content-encoding')).toString('utf8');
  const isJson = (headers.get('content-type') ?? '').startsWith('application/json');
  const body = text === '' ? null : isJson ? JSON.parse(text) : text;
  const problems = checkResponse({ method, url, status, headers, body });
  if (problems.length > 0) throw new Error(`response breaks the spec (${method} ${url}):\n  ${problems.join('\n  ')}`);
  return { status, headers, wire, text };
}
