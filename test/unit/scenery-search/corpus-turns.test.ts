import { describe, expect, it } from 'vitest';
import { buildCorpus } from '../../../core/scenery-search/corpus.ts';
import { fixtureObservations, testCatalog } from './fixture.ts';

// A server builds its index in the background while it answers: the build gives the event loop turns.
async function turnsDuring(yieldEveryMs: number): Promise<number> {
  let turns = 0;
  let building = true;
  const tick = () => {
    turns++;
    if (building) setImmediate(tick);
  };
  setImmediate(tick);
  await buildCorpus(fixtureObservations(), testCatalog(), { yieldEveryMs });
  building = false;
  return turns;
}

describe('building the search index', () => {
  it('gives the event loop a turn once its time slice is spent, not only when its source waits for I/O', async () => {
    await buildCorpus(fixtureObservations(), testCatalog()); // the tagger's dictionary is loaded once, here
    const docs = fixtureObservations().length;
    expect(await turnsDuring(0)).toBeGreaterThanOrEqual(docs);
    expect(await turnsDuring(1e9)).toBeLessThan(docs / 2);
  });
});
