// The store's public surface: open it, find the served release, read rows by key. Drivers stay behind Store.

export * from './block-ranges.ts';
export { type DanglingReference, findDanglingReference } from './integrity.ts';
export { migrate, readMigrations } from './migrate.ts';
export { containsPattern, escapeLike, normalizeName } from './normalize.ts';
export { openStore } from './open.ts';
export * from './queries/layers.ts';
export * from './queries/points.ts';
export * from './queries/scene-cards.ts';
export * from './queries/scene-light.ts';
export * from './queries/scenes.ts';
export {
  deleteRelease,
  getRelease,
  getServedRelease,
  listReleases,
  RELEASE_CHANNEL,
  type ReleaseRecord,
  setReleaseStatus,
} from './releases.ts';
export type { BulkRows, DriverKind, Queryable, Row, Store, StoreOptions, StoreSession } from './types.ts';
