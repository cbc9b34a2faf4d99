import { Agent, request } from 'node:http';
import { checkResponse } from './spec-check.ts';

// HTTP requests from a chosen loopback source address (any of 127.0.0.0/8 reaches a server on 127.0.0.1), so that
// a balancer in front sees many distinct clients: each address is its own client for the per-IP rate limits. Every
// answer from machimi is checked against the spec; haproxy's own error pages (HTML 502/503/504) are told apart.

export interface Answer {
  status: number;
  headers: Headers;
  body: any;
  /** True when the balancer itself answered (no replica could). */
  fromBalancer: boolean;
  /** Spec problems of a machimi answer (empty when it conforms). */
  problems: string[];
}

export interface Call {
  method?: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** Source address, 127.x.y.z. */
  from: string;
  headers?: Record<string, string>;
}

const agent = new Agent({ keepAlive: true, maxFreeSockets: 512 });
// Above a replica's first searches after it joins (they wait for its search engine: ~20 s on a saturated machine).
const timeoutMs = 30_000;

/** Rejects on a connection error or after `timeoutMs` without an answer. */
export function send(base: string, call: Call): Promise<Answer> {
  const url = new URL(call.path, base);
  const method = call.method ?? 'GET';
  const payload = call.body === undefined ? undefined : JSON.stringify(call.body);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method,
        agent,
        localAddress: call.from,
        headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...call.headers },
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.once('error', reject);
        res.once('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const headers = new Headers();
          for (const [name, value] of Object.entries(res.headers))
            if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
          const status = res.statusCode ?? 0;
          const fromBalancer = status >= 500 && (headers.get('content-type') ?? '').startsWith('text/html');
          let body: unknown = null;
          try {
            body = text === '' ? null : JSON.parse(text);
          } catch {
            body = text;
          }
          const problems = fromBalancer ? [] : checkResponse({ method, url: url.href, status, headers, body });
          resolve({ status, headers, body, fromBalancer, problems });
        });
      },
    );
    req.once('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.once('error', reject);
    req.end(payload);
  });
}

export function closeClients(): void {
  agent.destroy();
}
