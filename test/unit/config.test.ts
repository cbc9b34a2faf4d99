import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../core/config.ts';
import { settleSearchOrigins } from '../../core/http/public-origin.ts';

describe('parseConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: '.data',
      databaseUrl: null,
      logLevel: 'info',
      trustProxy: 0,
      rateLimitFactor: 1,
      shutdownGraceMs: 10_000,
      metrics: null,
    });
    expect(config.scenerySearchOrigins).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000']);
  });

  it.each([
    ['PORT', 'abc', /PORT must be an integer from 0 to 65535/],
    ['PORT', '70000', /PORT must be an integer/],
    ['LOG_LEVEL', 'loud', /LOG_LEVEL must be one of/],
    ['DATABASE_URL', 'not a url', /DATABASE_URL must be a URL/],
    ['DATABASE_URL', 'mysql://x@y/z', /postgres:\/\//],
    ['TRUST_PROXY', '-1', /TRUST_PROXY must be an integer from 0 to 10/],
    ['EXPLORE_ORIGIN', 'https://example.jp/path', /not a bare origin; use https:\/\/example.jp/],
    ['RATE_LIMIT_FACTOR', '0', /RATE_LIMIT_FACTOR must be an integer from 1/],
    ['SHUTDOWN_GRACE_S', '601', /SHUTDOWN_GRACE_S must be an integer from 0 to 600/],
    ['METRICS_PORT', 'x', /METRICS_PORT must be an integer from 0 to 65535/],
  ])('rejects %s=%s with a message naming the variable', (name, value, message) => {
    expect(() => parseConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => parseConfig({ [name]: value })).toThrow(message);
  });

  it('accepts a list of explore origins and a postgres URL', () => {
    const config = parseConfig({
      EXPLORE_ORIGIN: 'https://a.example, https://b.example',
      DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/machimi',
    });
    expect(config.scenerySearchOrigins).toEqual(['https://a.example', 'https://b.example']);
    expect(config.databaseUrl).toBe('postgres://u:p@127.0.0.1:5432/machimi');
  });

  it('takes the server’s own origins by default: the bound port (PORT=0 too) and PUBLIC_BASE_URL', () => {
    const config = parseConfig({ PORT: '0', PUBLIC_BASE_URL: 'https://machimi.example.jp/base' });
    settleSearchOrigins(config, 'http://127.0.0.1:41234');
    expect(config.scenerySearchOrigins).toEqual([
      'http://localhost:41234',
      'http://127.0.0.1:41234',
      'https://machimi.example.jp',
    ]);
    const set = parseConfig({ PORT: '0', EXPLORE_ORIGIN: 'https://a.example' });
    settleSearchOrigins(set, 'http://127.0.0.1:41234');
    expect(set.scenerySearchOrigins).toEqual(['https://a.example']);
  });

  it('binds the metrics listener to loopback unless METRICS_HOST says otherwise', () => {
    expect(parseConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ host: '127.0.0.1', port: 9464 });
    expect(parseConfig({ METRICS_PORT: '0', METRICS_HOST: '0.0.0.0' }).metrics).toEqual({ host: '0.0.0.0', port: 0 });
  });
});
