/**
 * What a scene's other released observations state that its served one does not.
 *
 * A photograph may be described by more than one released generation (an older model's text beside the newest);
 * search reads and quotes the newest, yet the others describe the same picture. When the newest is silent about a
 * thing another states, the thing is still in the photograph: a request that excludes it must not get the scene.
 * These tags serve exclusions only; a required condition is met by what the served text states.
 */
import type { ObservationTagger } from './observation-tagger.ts';
import type { SearchableObservation } from './observation-text.ts';

/** Category indexes stated by any of `others` and not in `served`, ascending. */
export function statedElsewhere(
  tagger: ObservationTagger,
  others: readonly SearchableObservation[],
  segmentsOf: (observation: SearchableObservation) => string[],
  served: ReadonlyMap<number, unknown>,
): number[] {
  const found = new Set<number>();
  for (const other of others)
    for (const category of tagger.tag(other, segmentsOf(other)).present) if (!served.has(category)) found.add(category);
  return [...found].sort((a, b) => a - b);
}
