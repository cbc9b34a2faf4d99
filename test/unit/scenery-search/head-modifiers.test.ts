import { beforeAll, describe, expect, it } from 'vitest';
import { loadQueryReader, marks, type ReadQuery } from './read-query.ts';

/** An adjective before a compound also qualifies the compound's head: 細い坂道 is a 細い道 and a 坂道. */
let read: ReadQuery;
beforeAll(async () => {
  read = await loadQueryReader();
}, 60_000);

describe('an adjective qualifying the head of a compound', () => {
  it.each([
    ['ガードレールのない細い坂道', ['-guardrail', 'narrow_alley', 'slope_road']],
    ['広い坂道', ['slope_road', 'wide_avenue']],
    // Wished with its head, and denied only with it (a narrow slope, not every narrow way).
    ['細い坂道だといいな', ['~narrow_alley', '~slope_road']],
    ['細い坂道がない', ['-slope_road']],
    // A category of the compound's own group is a kind the compound already settles.
    ['古い町家', ['machiya']],
  ])('%s → %j', (query, expected) => {
    expect(marks(read(query)).sort()).toEqual(expected);
  });
});
