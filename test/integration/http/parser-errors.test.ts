import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { checkResponse } from '../../helpers/spec-check.ts';

// Requests node:http's parser refuses before the app sees them still get the face's error body, JSON content type,
// request id and CORS header, checked against the spec like every other answer.

const origin = 'https://explore.example';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { EXPLORE_ORIGIN: origin } });
});
afterAll(() => server.close());

interface Parsed {
  status: number;
  headers: Headers;
  body: any;
}

// Sends raw bytes and reads until the server closes the connection (it must: a refused request ends it).
function sendRaw(bytes: Buffer): Promise<Parsed> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(bytes));
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(new Error('the server kept the connection open')), 10_000);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = new Headers();
      for (const line of lines)
        headers.append(line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim());
      expect(Number(headers.get('content-length'))).toBe(Buffer.byteLength(body));
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: body === '' ? null : JSON.parse(body) });
    });
  });
}

function checked(answer: Parsed, path: string, method = 'GET'): Parsed {
  const problems = checkResponse({ method, url: `${server.url}${path}`, ...answer });
  expect(problems).toEqual([]);
  return answer;
}

const request = (line: string, headers = 'Host: x\r\n') => Buffer.from(`${line}\r\n${headers}\r\n`);
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('requests the HTTP parser refuses', () => {
  it('answers headers over 16 KB with 431 in the /v1 shape, CORS open', async () => {
    const big = `Host: x\r\nX-Filler: ${'a'.repeat(20_000)}\r\n`;
    const answer = checked(await sendRaw(request('GET /v1/meta HTTP/1.1', big)), '/v1/meta');
    expect(answer.status).toBe(431);
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.headers.get('connection')).toBe('close');
    expect(answer.body.error).toMatchObject({
      code: 'invalid_parameter',
      request_id: answer.headers.get('x-request-id'),
    });
    expect(answer.body.error.request_id).toMatch(uuid);
  });

  it('answers them with 431 in the scenery search shape under /explore/api, to an allowed origin', async () => {
    const big = `Host: x\r\nOrigin: ${origin}\r\nX-Filler: ${'a'.repeat(20_000)}\r\n`;
    const answer = checked(await sendRaw(request('GET /explore/api/meta HTTP/1.1', big)), '/explore/api/meta');
    expect(answer.status).toBe(431);
    expect(answer.body).toMatchObject({ code: 'headers_too_large', retryable: false });
    expect(answer.headers.get('access-control-allow-origin')).toBe(origin);
  });

  it.each([
    ['an unknown method', 'FROB /v1/meta HTTP/1.1', '/v1/meta', 'FROB'],
    ['raw non-ASCII bytes in the target', 'GET /v1/areas/search?q=中央 HTTP/1.1', '/v1/areas/search', 'GET'],
    ['a malformed request line', 'this is not http', '/', 'GET'],
  ])('answers %s with 400 invalid_parameter on /v1', async (_case, line, path, method) => {
    const answer = checked(await sendRaw(request(line)), path, method);
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('invalid_parameter');
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.headers.get('x-request-id')).toMatch(uuid);
  });

  it('answers raw non-ASCII bytes under /explore/api with 400 malformed_request', async () => {
    const answer = checked(await sendRaw(request('GET /explore/api/scene/中央 HTTP/1.1')), '/explore/api/scene/1');
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'malformed_request', retryable: false });
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('logs the refusal with the request id it answered', async () => {
    const answer = await sendRaw(request('FROB /v1 HTTP/1.1'));
    const id = answer.headers.get('x-request-id');
    expect(server.logLines.some((line) => line.request_id === id && line.msg === 'request refused')).toBe(true);
  });
});
