// A corpus of any size made from a demo release: observation i is the release's observation i mod n under a new,
// unique digit id, nudged north by 1e-6° per copy. Streamed, so building at 1 M keeps no observations in memory; the
// engine's loader asks for them again by document number.
import type { CorpusObservation } from '../../../core/scenery-search/corpus.ts';

const REPLICA_ID_BASE = 10n ** 19n;

export function scaledCorpus(base: readonly CorpusObservation[], size: number) {
  const replica = (i: number): CorpusObservation => {
    const source = base[i % base.length] as CorpusObservation;
    const copy = Math.floor(i / base.length);
    if (copy === 0) return source;
    return { ...source, scene_id: String(REPLICA_ID_BASE + BigInt(i)), lat: source.lat + copy * 1e-6, lon: source.lon };
  };
  function* observations(): Generator<CorpusObservation> {
    for (let i = 0; i < size; i++) yield replica(i);
  }
  return { size, replica, observations };
}
