// `npm run release -- list | show ID | stage ID | publish ID | withdraw ID [--json]`: the arguments, and each
// command run against an open store. What is printed is release-report.ts's; opening the store is the script's.
import { parseArgs } from 'node:util';
import {
  changeReleaseStatus,
  inTableOrder,
  listReleaseSummaries,
  type ReleaseSummary,
  type ServedChoice,
  type StatusChange,
  servedChoice,
} from '../store/release-admin.ts';
import { getRelease } from '../store/releases.ts';
import type { Store } from '../store/types.ts';
import type { Manifest } from './manifest-types.ts';
import { checkTransition, RELEASE_ACTIONS, type ReleaseAction } from './transitions.ts';

export const RELEASE_USAGE =
  'usage: npm run release -- list | show <release_id> | stage <release_id> | publish <release_id> | ' +
  'withdraw <release_id> [--json]';

export type ReleaseCommand =
  | { kind: 'help' }
  | { kind: 'list'; json: boolean }
  | { kind: 'show'; releaseId: string; json: boolean }
  | { kind: 'change'; action: ReleaseAction; releaseId: string; json: boolean };

/** The command the arguments name, or null when they name none (the caller prints the usage). */
export function parseReleaseArgs(args: readonly string[]): ReleaseCommand | null {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(args);
  } catch {
    return null;
  }
  const { values, positionals } = parsed;
  if (values.help) return { kind: 'help' };
  const json = values.json === true;
  const [verb, releaseId, ...extra] = positionals;
  if (extra.length > 0) return null;
  if (verb === 'list') return releaseId === undefined ? { kind: 'list', json } : null;
  if (releaseId === undefined || releaseId === '') return null;
  if (verb === 'show') return { kind: 'show', releaseId, json };
  const action = RELEASE_ACTIONS.find((candidate) => candidate === verb);
  return action ? { kind: 'change', action, releaseId, json } : null;
}

function parse(args: readonly string[]) {
  return parseArgs({
    args: [...args],
    allowPositionals: true,
    options: { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  });
}

/** A command the store's state does not allow (unknown release, refused transition): exit 1 with its message. */
export class ReleaseCommandError extends Error {
  override name = 'ReleaseCommandError';
}

export interface ReleaseListing {
  served: ServedChoice | null;
  releases: ReleaseSummary[];
}

export interface ReleaseDetail {
  served: ServedChoice | null;
  release: ReleaseSummary;
  manifest: Manifest;
}

export type ReleaseChangeResult = StatusChange;

export async function listCommand(store: Store): Promise<ReleaseListing> {
  return { served: await servedChoice(store), releases: await listReleaseSummaries(store) };
}

export async function showCommand(store: Store, releaseId: string): Promise<ReleaseDetail> {
  const record = await getRelease(store, releaseId);
  if (!record) throw notFound(releaseId);
  const { manifest, ...rest } = record;
  return {
    served: await servedChoice(store),
    release: { ...rest, row_counts: inTableOrder(manifest.row_counts) },
    manifest,
  };
}

export async function changeCommand(
  store: Store,
  action: ReleaseAction,
  releaseId: string,
): Promise<ReleaseChangeResult> {
  const change = await changeReleaseStatus(
    store,
    releaseId,
    (from) => {
      const check = checkTransition(releaseId, from, action);
      if (!check.allowed) throw new ReleaseCommandError(check.reason);
      // published_at is when the release went into service: publishing stamps the moment, so a re-offered release
      // published again is the latest; staging clears it (staged means not published); withdrawing keeps it.
      if (action === 'publish') return { to: check.to, publishedAt: new Date().toISOString() };
      if (action === 'stage') return { to: check.to, publishedAt: null };
      return { to: check.to };
    },
    (served) => {
      // With nothing left to serve, a server has no answer to give (and an embedded one would make the demo city at
      // its next start): a rollback needs a release to fall back to.
      if (served === null) {
        throw new ReleaseCommandError(
          `release ${releaseId} is the only published or staged release; withdrawing it would leave nothing to ` +
            'serve (ingest or stage another release first, then withdraw this one)',
        );
      }
    },
  );
  if (!change) throw notFound(releaseId);
  return change;
}

function notFound(releaseId: string): ReleaseCommandError {
  return new ReleaseCommandError(`no release ${releaseId} in the store (npm run release -- list names them)`);
}
