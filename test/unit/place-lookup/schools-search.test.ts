import { describe, expect, it } from 'vitest';
import type { HandlerContext } from '../../../core/context.ts';
import { containsPattern, normalizeName, type Queryable } from '../../../core/store/index.ts';
import searchSchools from '../../../handlers/place-lookup/search_schools.ts';

// The schools rule: NFKC, lowercase, half- and full-width spaces removed, LIKE wildcards escaped, substring match.
// The SQL side is exercised on both stores by the integration tests; here the text rules and the handler logic.

describe('normalizeName', () => {
  it.each([
    ['本郷小', '本郷小'],
    ['本郷 小', '本郷小'],
    ['本郷\u3000小', '本郷小'],
    ['  本郷　 小 ', '本郷小'],
    ['ＭＩＮＡＴＯ', 'minato'],
    ['Minato', 'minato'],
    ['ﾐﾅﾄ', 'ミナト'],
    ['ﾊﾏﾀﾞ ｷﾀ', 'ハマダキタ'],
    ['第３', '第3'],
    ['％＿', '%_'],
  ])('%j → %j', (text, normalized) => {
    expect(normalizeName(text)).toBe(normalized);
  });
});

describe('containsPattern', () => {
  it.each([
    ['本郷', '%本郷%'],
    ['%', '%\\%%'],
    ['_', '%\\_%'],
    ['第_小', '%第\\_小%'],
    ['a\\b', '%a\\\\b%'],
  ])('%j → %j', (normalized, pattern) => {
    expect(containsPattern(normalized)).toBe(pattern);
  });
});

function fakeStore(rows: Record<string, unknown>[]): Queryable & { calls: unknown[][] } {
  const calls: unknown[][] = [];
  return {
    calls,
    query: async (_sql: string, params?: readonly unknown[]) => {
      calls.push([...(params ?? [])]);
      return rows as never;
    },
    queryArrays: async () => [],
    exec: async () => {},
    copyOut: async () => '',
  };
}

describe('search_schools', () => {
  const source = '学校データ（テスト）';
  const findSchools = (sources: { store: Queryable; releaseId: string; source: string }, q: string) =>
    searchSchools(
      { query: { q } } as never,
      {
        data: {
          store: sources.store,
          record: { release_id: sources.releaseId },
          manifest: { schools_source: sources.source },
        },
      } as unknown as HandlerContext,
    );

  it('asks the store with the escaped pattern and a limit of 10, and echoes the query and its normal form', async () => {
    const store = fakeStore([{ school_id: 'sch_01', name: '第一小学校', lat: 1, lon: 2, name_normalized: 'x' }]);
    const body = await findSchools({ store, releaseId: 'r1', source }, '第_ 小');
    expect(store.calls).toEqual([['r1', '%第\\_小%', 10]]);
    expect(body).toEqual({
      note: '',
      query: '第_ 小',
      normalized_query: '第_小',
      count: 1,
      results: [{ school_id: 'sch_01', name: '第一小学校', lat: 1, lon: 2 }],
      source,
    });
  });

  it('zero matches are an empty list with a note', async () => {
    const body = await findSchools({ store: fakeStore([]), releaseId: 'r1', source }, 'なし');
    expect(body).toMatchObject({ count: 0, results: [] });
    expect(body.note).toMatch(/記録がないことは/);
  });

  it.each([' ', '\u3000', ' \u3000 '])('q of spaces only (%j) is 400 naming q, without asking the store', async (q) => {
    const store = fakeStore([]);
    await expect(findSchools({ store, releaseId: 'r1', source }, q)).rejects.toMatchObject({
      code: 'invalid_parameter',
      field: 'q',
    });
    expect(store.calls).toEqual([]);
  });
});
