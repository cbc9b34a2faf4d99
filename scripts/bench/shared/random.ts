// The benches' seeded random numbers (mulberry32 and a Box-Muller gaussian): the same seed gives the same city, query
// points and PostGIS tables on every run and machine, so figures of two runs are of the same work.
export type Random = ReturnType<typeof makeRandom>;

export function makeRandom(seed: number) {
  let a = seed >>> 0 || 1;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const gaussian = () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
  return { next, gaussian };
}
