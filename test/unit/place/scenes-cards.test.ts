import { describe, expect, it } from 'vitest';
import { createCardSource } from '../../../core/place/scenes-cards.ts';
import type { SceneCard, ScenePick } from '../../../core/store/index.ts';

// The card cache: one store read per page for the misses, none for what it already holds.

function card(id: string, generation: string | null): SceneCard {
  return {
    id,
    lat: 0,
    lon: 0,
    position_source: 'mapillary_computed',
    capture_year: 2020,
    ward: null,
    view_class: null,
    travel_bearing: null,
    is_pano: null,
    generation_id: generation,
    status: generation ? 'released' : null,
    model: null,
    prompt_version: null,
    title: null,
    summary: generation ? `summary of ${id}` : null,
    analysis_status: generation ? 'ok' : null,
  };
}

function fakeStore(missingVerbalization = new Set<string>()) {
  const calls: ScenePick[][] = [];
  const read = async (picks: readonly ScenePick[]) => {
    calls.push([...picks]);
    return picks.map((pick) => card(pick.sceneId, missingVerbalization.has(pick.sceneId) ? null : pick.generationId));
  };
  return { calls, read };
}

const pick = (sceneId: string, generationId = 'gen2') => ({ sceneId, generationId });

describe('card source', () => {
  it('reads the misses of a page in one call and keeps the order of the picks', async () => {
    const store = fakeStore();
    const source = createCardSource(store.read);
    const first = await source.read([pick('1'), pick('2')]);
    expect(first.map((c) => c?.id)).toEqual(['1', '2']);
    const second = await source.read([pick('3'), pick('2'), pick('1'), pick('2', 'gen1')]);
    expect(second.map((c) => [c?.id, c?.generation_id])).toEqual([
      ['3', 'gen2'],
      ['2', 'gen2'],
      ['1', 'gen2'],
      ['2', 'gen1'],
    ]);
    expect(store.calls).toEqual([
      [pick('1'), pick('2')],
      [pick('3'), pick('2', 'gen1')],
    ]);
    await source.read([pick('1'), pick('3')]);
    expect(store.calls).toHaveLength(2);
  });

  it('answers nothing for a scene whose verbalization is missing, and does not remember it', async () => {
    const store = fakeStore(new Set(['9']));
    const source = createCardSource(store.read);
    expect(await source.read([pick('9'), pick('8')])).toEqual([undefined, card('8', 'gen2')]);
    await source.read([pick('9')]);
    expect(store.calls).toHaveLength(2);
  });

  it('is bounded', async () => {
    const source = createCardSource(fakeStore().read, 3);
    await source.read(['1', '2', '3', '4', '5'].map((id) => pick(id)));
    expect(source.cache.size).toBe(3);
  });
});
