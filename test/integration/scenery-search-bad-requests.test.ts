import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { checkedFetch } from '../helpers/spec-check.ts';

// Search bodies the scenery search refuses, sent as a client would send them: each answer is checked against the
// spec, and the code and field are the ones its error table gives, in its order (invalid_parameter before
// query_or_preset_required).

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { RATE_LIMIT_FACTOR: '50' } });
});
afterAll(() => server.close());

async function post(body: unknown) {
  const response = await checkedFetch(`${server.url}/explore/api/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

const presetIds = ['green_walk', 'waterside', 'retro', 'arcade', 'steps', 'flowers', 'shrine', 'brick'];

describe('a query or a preset that is there but invalid is invalid_parameter naming it', () => {
  it.each([
    [{ query: '坂道', preset: 'bogus' }, 'preset'],
    [{ preset: 123 }, 'preset'],
    [{ preset: 'SHRINE' }, 'preset'],
    [{ query: '坂道', preset: 123 }, 'preset'],
    [{ query: 123 }, 'query'],
    [{ query: null }, 'query'],
    [{ query: 123, preset: 'shrine' }, 'query'],
  ])('%j → 400 invalid_parameter, field %s', async (body, field) => {
    const { status, body: answer } = await post(body);
    expect(status).toBe(400);
    expect(answer).toMatchObject({ code: 'invalid_parameter', field, retryable: false });
  });

  it('says which presets there are', async () => {
    const { body } = await post({ preset: 'SHRINE' });
    for (const id of presetIds) expect(body.error).toContain(id);
    expect(body.error).toContain('null');
  });

  it('says what a query is', async () => {
    const { body } = await post({ query: 123 });
    expect(body.error).toMatch(/^query must be string; expected: .*1-200 characters/);
  });

  it('reports another invalid field before the missing query or preset', async () => {
    const { status, body } = await post({ preset: null, limit: 999 });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'invalid_parameter', field: 'limit' });
  });

  it.each([{}, { preset: null }, { mode: 'text' }])(
    '%j, with neither, is query_or_preset_required without a field',
    async (body) => {
      const { status, body: answer } = await post(body);
      expect(status).toBe(400);
      expect(answer.code).toBe('query_or_preset_required');
      expect(answer.field ?? null).toBeNull();
    },
  );
});

describe('a bbox out of order is invalid_parameter naming bbox, with a recovery', () => {
  it('west greater than east (across the antimeridian): split the box there', async () => {
    const { status, body } = await post({ query: '坂道', bbox: [179.5, -17, -179.5, -16] });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'invalid_parameter', field: 'bbox', retryable: false });
    expect(body.recovery).toContain('split it there');
    expect(body.recovery).toContain('[179.5, -17, 180, -16] and [-180, -17, -179.5, -16]');
  });

  it('south greater than north: swap them', async () => {
    const { status, body } = await post({ query: '坂道', bbox: [135, 35, 136, 34] });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'invalid_parameter', field: 'bbox' });
    expect(body.recovery).toMatch(/^Swap south and north/);
  });

  it('a box of one point is searched', async () => {
    expect((await post({ query: '坂道', bbox: [135, 35, 135, 35], mode: 'text' })).status).toBe(200);
  });
});
