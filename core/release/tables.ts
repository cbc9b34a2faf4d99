/** The tables of a release, in the order ingest loads them (referenced tables first). */
export const RELEASE_TABLES = [
  'generations',
  'scenes',
  'verbalizations',
  'machine_features',
  'streets',
  'edges',
  'areas',
  'changes',
  'amenities',
  'schools',
] as const;

export type ReleaseTable = (typeof RELEASE_TABLES)[number];

export function isReleaseTable(name: string): name is ReleaseTable {
  return (RELEASE_TABLES as readonly string[]).includes(name);
}
