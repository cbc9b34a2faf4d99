import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../core/config.ts';

describe('parseConfig: public base URL and connection caps', () => {
  it('leaves them to be derived when unset', () => {
    expect(parseConfig({})).toMatchObject({ publicBaseUrl: null, maxConnections: null, maxConnectionsPerClient: null });
  });

  it.each([
    ['https://machimi.example.jp', 'https://machimi.example.jp'],
    ['https://machimi.example.jp/', 'https://machimi.example.jp'],
    ['HTTP://Machimi.Example.jp:8080', 'http://machimi.example.jp:8080'],
    ['https://example.jp/machimi/', 'https://example.jp/machimi'],
  ])('takes PUBLIC_BASE_URL=%s as %s', (raw, expected) => {
    expect(parseConfig({ PUBLIC_BASE_URL: raw }).publicBaseUrl).toBe(expected);
  });

  it.each([
    ['PUBLIC_BASE_URL', 'machimi.example.jp', /PUBLIC_BASE_URL must be an absolute http\(s\) URL/],
    ['PUBLIC_BASE_URL', 'javascript:alert(1)', /PUBLIC_BASE_URL must be an absolute http\(s\) URL/],
    ['PUBLIC_BASE_URL', 'ftp://example.jp', /PUBLIC_BASE_URL must be an absolute http\(s\) URL/],
    ['PUBLIC_BASE_URL', 'https://user:pw@example.jp', /no user name or password/],
    ['PUBLIC_BASE_URL', 'https://example.jp/?a=1', /PUBLIC_BASE_URL must not have a query or fragment/],
    ['PUBLIC_BASE_URL', 'https://example.jp/#top', /PUBLIC_BASE_URL must not have a query or fragment/],
    ['MAX_CONNECTIONS', '0', /MAX_CONNECTIONS must be an integer from 1 to 1000000/],
    ['MAX_CONNECTIONS', 'many', /MAX_CONNECTIONS must be an integer/],
    ['MAX_CONNECTIONS_PER_CLIENT', '-4', /MAX_CONNECTIONS_PER_CLIENT must be an integer from 1/],
  ])('rejects %s=%s with a message naming the variable', (name, value, message) => {
    expect(() => parseConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => parseConfig({ [name]: value })).toThrow(message);
  });

  it('reads the caps as integers', () => {
    const config = parseConfig({ MAX_CONNECTIONS: '500', MAX_CONNECTIONS_PER_CLIENT: '16' });
    expect([config.maxConnections, config.maxConnectionsPerClient]).toEqual([500, 16]);
  });
});
