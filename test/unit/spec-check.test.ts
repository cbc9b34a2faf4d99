import { describe, expect, it } from 'vitest';
import { checkResponse } from '../helpers/spec-check.ts';

// The response checker must be able to fail, or the integration suite proves nothing.

const headers = (extra: Record<string, string> = {}) =>
  new Headers({
    'content-type': 'application/json',
    'access-control-allow-origin': '*',
    'x-request-id': '5f49a41f-f390-4f82-bd61-d54b8291f2d4',
    'cache-control': 'no-store',
    ...extra,
  });
const error = (code: string) => ({
  error: { code, message: 'm', request_id: '5f49a41f-f390-4f82-bd61-d54b8291f2d4', field: 'lat' },
});
const url = 'http://127.0.0.1:1/v1/scenes/nearby?lat=1&lon=2';

describe('checkResponse', () => {
  it('accepts a documented error', () => {
    expect(
      checkResponse({ method: 'GET', url, status: 400, headers: headers(), body: error('invalid_parameter') }),
    ).toEqual([]);
  });

  it('flags an undocumented status', () => {
    const problems = checkResponse({ method: 'GET', url, status: 418, headers: headers(), body: error('internal') });
    expect(problems.join()).toMatch(/418 is not documented/);
  });

  it('flags a body that breaks the schema', () => {
    const problems = checkResponse({ method: 'GET', url, status: 400, headers: headers(), body: error('teapot') });
    expect(problems.join()).toMatch(/body/);
  });

  it('flags a missing or wrong documented header', () => {
    const wrong = headers({ 'access-control-allow-origin': 'https://x.example' });
    const problems = checkResponse({
      method: 'GET',
      url,
      status: 400,
      headers: wrong,
      body: error('invalid_parameter'),
    });
    expect(problems.join()).toMatch(/access-control-allow-origin/i);
  });

  it('flags a success on a path that matches no operation', () => {
    const problems = checkResponse({
      method: 'GET',
      url: 'http://x/v1/nope',
      status: 200,
      headers: headers(),
      body: {},
    });
    expect(problems.join()).toMatch(/matches no operation/);
  });
});
