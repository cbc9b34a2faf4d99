import { describe, expect, it } from 'vitest';
import { MAX_HELD_ANSWERS, untilTurnEnds } from '../../../core/http/turn-end.ts';

const immediate = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('untilTurnEnds', () => {
  it('holds every wait of a turn until its I/O callbacks have run, then releases them together, in order', async () => {
    const events: string[] = [];
    const waits = ['a', 'b', 'c'].map((name) => untilTurnEnds().then(() => events.push(name)));
    // Microtasks and ticks of the same turn run first: nothing is released by them.
    await Promise.resolve();
    await new Promise<void>((resolve) => process.nextTick(resolve));
    expect(events).toEqual([]);
    await Promise.all(waits);
    expect(events).toEqual(['a', 'b', 'c']);
  });

  it('releases a wait made after the turn ended in a turn of its own', async () => {
    await untilTurnEnds();
    let released = false;
    const later = untilTurnEnds().then(() => {
      released = true;
    });
    expect(released).toBe(false);
    await later;
    expect(released).toBe(true);
  });

  it('releases a turn within one setImmediate (an answer alone does not wait for more)', async () => {
    let released = false;
    void untilTurnEnds().then(() => {
      released = true;
    });
    await immediate();
    await Promise.resolve();
    expect(released).toBe(true);
  });
});

describe('untilTurnEnds with many answers in one turn', () => {
  it(`releases the first ${MAX_HELD_ANSWERS} as soon as they are all waiting, and holds the next until the turn ends`, async () => {
    const released: number[] = [];
    const waits = Array.from({ length: MAX_HELD_ANSWERS + 1 }, (_, n) => untilTurnEnds().then(() => released.push(n)));
    await Promise.resolve();
    await new Promise<void>((resolve) => process.nextTick(resolve));
    expect(released).toEqual(Array.from({ length: MAX_HELD_ANSWERS }, (_, n) => n));
    await Promise.all(waits);
    expect(released).toHaveLength(MAX_HELD_ANSWERS + 1);
    expect(released.at(-1)).toBe(MAX_HELD_ANSWERS);
  });
});
