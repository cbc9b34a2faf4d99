import { describe, expect, it } from 'vitest';
import { containsPattern, escapeLike, normalizeName } from '../../../core/store/normalize.ts';

describe('name normalization', () => {
  it('applies NFKC, lowercases and removes half-width and full-width spaces', () => {
    expect(normalizeName('神戸市立　港小学校')).toBe('神戸市立港小学校');
    expect(normalizeName('ｺｳﾍﾞ 小学校')).toBe('コウベ小学校');
    expect(normalizeName('ＡＢＣ Elementary')).toBe('abcelementary');
    expect(normalizeName('①丁目')).toBe('1丁目');
  });

  it('escapes LIKE wildcards and the escape character itself', () => {
    expect(escapeLike('100%_a\\b')).toBe('100\\%\\_a\\\\b');
    expect(containsPattern('a%')).toBe('%a\\%%');
  });
});
