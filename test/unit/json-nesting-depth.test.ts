import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from '../../core/json/nesting-depth.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const nested = (levels: number) => `${'[{"a":'.repeat(levels / 2)}1${'}]'.repeat(levels / 2)}`;

describe('nestsDeeperThan', () => {
  it('counts arrays and objects alike, up to the limit and one past it', () => {
    expect(nestsDeeperThan(bytes(nested(64)), 64)).toBe(false);
    expect(nestsDeeperThan(bytes(`[${nested(64)}]`), 64)).toBe(true);
  });

  it('counts depth, not the number of brackets', () => {
    const wide = `[${Array.from({ length: 1000 }, () => '[{}]').join(',')}]`;
    expect(nestsDeeperThan(bytes(wide), 3)).toBe(false);
  });

  it('skips brackets inside strings, escaped quotes included', () => {
    expect(nestsDeeperThan(bytes(JSON.stringify({ q: '[[[[{{{{' })), 1)).toBe(false);
    expect(nestsDeeperThan(bytes(JSON.stringify({ q: 'say \\"[[[[" and "{{{{' })), 1)).toBe(false);
    expect(nestsDeeperThan(bytes(JSON.stringify({ q: '\\' })), 1)).toBe(false);
    expect(nestsDeeperThan(bytes(`{"q":"\\\\",${'['.repeat(5)}`), 4)).toBe(true);
  });

  it('reads multi-byte UTF-8 without mistaking its bytes for brackets', () => {
    expect(nestsDeeperThan(bytes(JSON.stringify({ q: '石畳の坂道【】［］｛｝' })), 1)).toBe(false);
  });
});
