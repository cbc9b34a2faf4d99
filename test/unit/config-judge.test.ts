import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../core/config.ts';

describe('parseConfig: the scenery search judge (JUDGE_*)', () => {
  it('means the built-in rubric judge when JUDGE_URL is unset', () => {
    expect(parseConfig({}).judge).toBeNull();
    expect(parseConfig({ JUDGE_URL: '', JUDGE_API_KEY: 'ignored' }).judge).toBeNull();
  });

  it('reads an external judge with its defaults', () => {
    expect(parseConfig({ JUDGE_URL: 'http://127.0.0.1:8080/v1', JUDGE_MODEL: 'qwen3' }).judge).toEqual({
      url: 'http://127.0.0.1:8080/v1',
      model: 'qwen3',
      apiKey: null,
      timeoutMs: 8000,
    });
    expect(
      parseConfig({
        JUDGE_URL: 'https://api.example.com/v1/',
        JUDGE_MODEL: ' m ',
        JUDGE_API_KEY: 'sk-test',
        JUDGE_TIMEOUT_MS: '2500',
      }).judge,
    ).toEqual({ url: 'https://api.example.com/v1/', model: 'm', apiKey: 'sk-test', timeoutMs: 2500 });
  });

  it.each([
    [{ JUDGE_URL: 'http://127.0.0.1:8080/v1' }, /JUDGE_MODEL is not/],
    [{ JUDGE_MODEL: 'm' }, /JUDGE_URL is not/],
    [{ JUDGE_URL: 'not a url', JUDGE_MODEL: 'm' }, /JUDGE_URL must be a URL/],
    [{ JUDGE_URL: 'ftp://host/v1', JUDGE_MODEL: 'm' }, /JUDGE_URL must use http/],
    [{ JUDGE_URL: 'http://h/v1', JUDGE_MODEL: 'm', JUDGE_TIMEOUT_MS: '50' }, /JUDGE_TIMEOUT_MS must be an integer/],
    [{ JUDGE_URL: 'http://h/v1', JUDGE_MODEL: 'm', JUDGE_TIMEOUT_MS: '1.5s' }, /JUDGE_TIMEOUT_MS/],
  ])('stops start-up on %o', (env, message) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    expect(() => parseConfig(env)).toThrow(message);
  });
});
