import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { checkedFetch } from '../../helpers/spec-check.ts';

// A well-formed X-Request-Id sent by the client is the request's id in the body, the header and the log; anything
// else is ignored and a fresh uuid issued.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const given = '0f8fad5b-d9cb-469f-a165-70867728950e';

async function ask(path: string, requestId: string) {
  const response = await checkedFetch(`${server.url}${path}`, { headers: { 'x-request-id': requestId } });
  const body = JSON.parse(await response.text());
  return { header: response.headers.get('x-request-id'), body };
}

const loggedIds = (path: string) =>
  server.logLines.filter((line) => line.msg === 'request' && line.path === path).map((line) => line.request_id);

describe('X-Request-Id', () => {
  it('takes a uuid from the client for the body, the header and the log line', async () => {
    const { header, body } = await ask('/v1/meta', given);
    expect(header).toBe(given);
    expect(body.request_id).toBe(given);
    expect(loggedIds('/v1/meta')).toContain(given);
  });

  it('takes it in lower case, and on errors of both faces', async () => {
    const upper = given.toUpperCase();
    const missing = await ask('/v1/scenes/999999999', upper);
    expect(missing.body.error.request_id).toBe(given);
    const explore = await ask('/explore/api/scene/1', upper);
    expect(explore.header).toBe(given);
  });

  it.each([
    'abc',
    `${given}x`,
    '0f8fad5b-d9cb-469f-a165-70867728950',
    'zf8fad5b-d9cb-469f-a165-70867728950e',
    '<script>alert(1)</script>',
    'a'.repeat(300),
  ])('ignores %j and issues a fresh uuid', async (sent) => {
    const { header, body } = await ask('/v1/meta', sent);
    expect(header).toMatch(uuid);
    expect(header).not.toBe(sent.toLowerCase());
    expect(body.request_id).toBe(header);
    expect(loggedIds('/v1/meta')).toContain(header);
  });
});
