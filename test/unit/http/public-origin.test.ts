import { describe, expect, it } from 'vitest';
import { configuredUrlOf, publicOriginOf } from '../../../core/http/public-origin.ts';

describe('publicOriginOf', () => {
  it('prefers PUBLIC_BASE_URL to the listening address', () => {
    const config = { publicBaseUrl: 'https://machimi.example.jp/api' };
    expect(publicOriginOf(config, 'http://127.0.0.1:3000')).toBe('https://machimi.example.jp/api');
  });

  it('uses the listening address when unset, naming a wildcard bind localhost', () => {
    const unset = { publicBaseUrl: null };
    expect(publicOriginOf(unset, 'http://127.0.0.1:41234')).toBe('http://127.0.0.1:41234');
    expect(publicOriginOf(unset, 'http://0.0.0.0:3000')).toBe('http://localhost:3000');
    expect(publicOriginOf(unset, 'http://[::]:3000')).toBe('http://localhost:3000');
    expect(publicOriginOf(unset, 'http://[::1]:3000')).toBe('http://[::1]:3000');
  });

  it('writes the configured HOST:PORT as a URL, bracketing IPv6', () => {
    expect(configuredUrlOf({ host: '127.0.0.1', port: 3000 })).toBe('http://127.0.0.1:3000');
    expect(configuredUrlOf({ host: '::', port: 8080 })).toBe('http://[::]:8080');
  });
});
