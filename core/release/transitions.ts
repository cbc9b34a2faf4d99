// Which status changes an operator may make to a stored release (`npm run release`). The table is the whole rule;
// docs/DEPLOY.md and FORMAT.md print it. A `building` release is still being written by its producer and ingest
// refuses it, so nothing moves it; only ingest brings a release in as staged or published.
import type { ReleaseStatus } from './manifest-types.ts';

export type ReleaseAction = 'stage' | 'publish' | 'withdraw';

export const RELEASE_ACTIONS: readonly ReleaseAction[] = ['stage', 'publish', 'withdraw'];

/** The status each action moves a release to. */
export const ACTION_TARGET: Readonly<Record<ReleaseAction, ReleaseStatus>> = {
  stage: 'staged',
  publish: 'published',
  withdraw: 'withdrawn',
};

/**
 * From each status, the actions allowed. Publishing goes through staged, so a withdrawn release is re-offered by
 * `stage` and looked at before `publish` serves it again; a published release leaves service only by `withdraw`
 * (the rollback), never by going back to staged, so "published" stays a fact about its past.
 */
export const TRANSITIONS: Readonly<Record<ReleaseStatus, readonly ReleaseAction[]>> = {
  building: [],
  staged: ['publish', 'withdraw'],
  published: ['withdraw'],
  withdrawn: ['stage'],
};

export type TransitionCheck = { allowed: true; to: ReleaseStatus } | { allowed: false; reason: string };

/** Whether `action` may move release `releaseId`, now `from`; when not, a sentence naming the state and the options. */
export function checkTransition(releaseId: string, from: ReleaseStatus, action: ReleaseAction): TransitionCheck {
  const to = ACTION_TARGET[action];
  const allowed = TRANSITIONS[from];
  if (allowed.includes(action)) return { allowed: true, to };
  const options =
    allowed.length === 0
      ? 'no change is allowed until its ingest has finished'
      : `allowed from ${from}: ${allowed.join(', ')}`;
  const state = from === to ? `is already ${from}` : `is ${from}`;
  return { allowed: false, reason: `release ${releaseId} ${state}; cannot ${action} it (${options})` };
}
