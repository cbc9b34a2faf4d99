import { describe, expect, it } from 'vitest';
import { parseReleaseArgs } from '../../../core/release/release-command.ts';
import { ACTION_TARGET, checkTransition, type ReleaseAction } from '../../../core/release/transitions.ts';

// The table docs/DEPLOY.md and core/release/FORMAT.md print: every status against every action, written out here
// rather than derived from TRANSITIONS, so a change to the rule has to change this test too.
const cases: [from: 'building' | 'staged' | 'published' | 'withdrawn', ReleaseAction, allowed: boolean][] = [
  ['building', 'stage', false],
  ['building', 'publish', false],
  ['building', 'withdraw', false],
  ['staged', 'stage', false],
  ['staged', 'publish', true],
  ['staged', 'withdraw', true],
  ['published', 'stage', false],
  ['published', 'publish', false],
  ['published', 'withdraw', true],
  ['withdrawn', 'stage', true],
  ['withdrawn', 'publish', false],
  ['withdrawn', 'withdraw', false],
];

describe('release status transitions', () => {
  it.each(cases)('from %s, %s is allowed: %s', (from, action, allowed) => {
    const check = checkTransition('r1', from, action);
    expect(check.allowed).toBe(allowed);
    if (check.allowed) expect(check.to).toBe(ACTION_TARGET[action]);
  });

  it('a refusal names the release, its current state, the action and what is allowed', () => {
    expect(checkTransition('r1', 'published', 'stage')).toEqual({
      allowed: false,
      reason: 'release r1 is published; cannot stage it (allowed from published: withdraw)',
    });
    expect(checkTransition('r1', 'staged', 'stage')).toEqual({
      allowed: false,
      reason: 'release r1 is already staged; cannot stage it (allowed from staged: publish, withdraw)',
    });
    expect(checkTransition('r1', 'building', 'publish')).toEqual({
      allowed: false,
      reason: 'release r1 is building; cannot publish it (no change is allowed until its ingest has finished)',
    });
  });
});

describe('release command arguments', () => {
  it.each([
    [['list'], { kind: 'list', json: false }],
    [['list', '--json'], { kind: 'list', json: true }],
    [['show', 'r1'], { kind: 'show', releaseId: 'r1', json: false }],
    [['--json', 'publish', 'r1'], { kind: 'change', action: 'publish', releaseId: 'r1', json: true }],
    [['stage', 'r1'], { kind: 'change', action: 'stage', releaseId: 'r1', json: false }],
    [['withdraw', 'r1'], { kind: 'change', action: 'withdraw', releaseId: 'r1', json: false }],
    [['--help'], { kind: 'help' }],
    [['publish', 'r1', '-h'], { kind: 'help' }],
  ])('%j → %j', (args, command) => {
    expect(parseReleaseArgs(args)).toEqual(command);
  });

  it.each([
    [[]],
    [['list', 'r1']],
    [['show']],
    [['publish']],
    [['publish', 'r1', 'r2']],
    [['delete', 'r1']],
    [['list', '--force']],
    [['show', '']],
  ])('refuses %j', (args) => {
    expect(parseReleaseArgs(args)).toBeNull();
  });
});
