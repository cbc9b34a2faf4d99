import { describe, expect, it } from 'vitest';
import { parseTimestamp, textParsers } from '../../../core/store/type-parsers.ts';

describe('type parsers shared by both drivers', () => {
  it('turns PostgreSQL timestamp text in any time zone into ISO 8601 UTC', () => {
    expect(parseTimestamp('2026-11-01 00:00:00+00')).toBe('2026-11-01T00:00:00.000Z');
    expect(parseTimestamp('2026-11-01 09:00:00.25+09')).toBe('2026-11-01T00:00:00.250Z');
    expect(parseTimestamp('2026-11-01 05:30:00+05:30')).toBe('2026-11-01T00:00:00.000Z');
    expect(parseTimestamp('2026-11-01 00:00:00')).toBe('2026-11-01T00:00:00.000Z');
    expect(parseTimestamp('infinity')).toBe('infinity');
  });

  it('gives int8 and numeric as numbers and refuses integers beyond 2^53', () => {
    expect(textParsers[20]?.('42')).toBe(42);
    expect(textParsers[1700]?.('2.5')).toBe(2.5);
    expect(() => textParsers[20]?.('9007199254740993')).toThrow(/2\^53/);
    expect(textParsers[1082]?.('2026-10-31')).toBe('2026-10-31');
  });
});
