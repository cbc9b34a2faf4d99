import { describe, expect, it } from 'vitest';
import { notes } from '../../../core/notes.ts';
import { coverageNote, nearbyNote, sceneNotes } from '../../../core/scenes/notes.ts';

// The honesty notes: zero means not recorded, sparse and experimental are said, truncation and gaps are admitted.

const released = { requested: 'released' as const, generation: null, experimental_included: false };
const experimental = { requested: 'include_experimental' as const, generation: null, experimental_included: true };
const nearby = { count: 10, limit: 10, policy: released, candidateTruncated: false, anyWithin: true, unreadable: 0 };

describe('nearby note', () => {
  it.each([
    [{}, []],
    [{ count: 0, anyWithin: false }, [notes.zeroResults('写真（シーン）')]],
    [{ count: 0 }, [notes.zeroResults('写真（シーン）'), sceneNotes.filteredOut]],
    [{ count: 2 }, [notes.sparse]],
    [{ count: 2, limit: 2 }, []],
    [{ policy: experimental }, [notes.experimental]],
    [{ candidateTruncated: true }, [sceneNotes.truncated]],
    [{ count: 9, unreadable: 1 }, [sceneNotes.unreadable(1)]],
  ])('%j', (parts, lines) => {
    expect(nearbyNote({ ...nearby, ...parts })).toBe(lines.join(' '));
  });

  it('never claims absence in the real world', () => {
    expect(nearbyNote({ ...nearby, count: 0, anyWithin: false })).toContain('現地に存在しないことを意味しません');
  });
});

describe('coverage note', () => {
  it.each([
    [{ scenesTotal: 0 }, [notes.zeroResults('写真（シーン）')]],
    [{ scenesTotal: 3 }, [notes.sparse]],
    [{ scenesTotal: 30 }, []],
    [{ scenesTotal: 30, candidateTruncated: true, policy: experimental }, [notes.experimental, sceneNotes.truncated]],
  ])('%j', (parts, lines) => {
    expect(coverageNote({ policy: released, candidateTruncated: false, ...parts })).toBe(lines.join(' '));
  });
});
