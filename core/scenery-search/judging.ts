/**
 * Runs a judge over the candidates of one request within the budget: batches of at most 5 candidates (60 candidates
 * fit in 12 of the 14 calls, leaving room for retries), a few batches in flight, no new batch once the judge has
 * failed or the time limit has passed. What could not be judged is returned as such.
 */
import { searchBudget } from './contract.ts';
import type { FoldCache, Presence } from './evidence.ts';
import type { Judge, JudgeCandidate, JudgeCondition } from './judge/types.ts';
import { JudgeUnavailableError } from './judge/types.ts';

// The spec's Budget: at most this many candidates and judge calls per request.
export const MAX_CANDIDATES = searchBudget.candidates;
export const MAX_JUDGE_CALLS = searchBudget.judge_calls;
export const BATCH_SIZE = Math.ceil(MAX_CANDIDATES / MAX_JUDGE_CALLS);

export interface JudgingOutcome {
  presence: Map<string, Record<string, Presence>>;
  /** Candidates not judged: the judge failed, the budget or the time ran out. */
  unjudged: string[];
  calls: number;
  inferenceCalls: number;
  inputTokens: number;
  failure: string | null;
  timedOut: boolean;
}

export interface JudgingOptions {
  concurrency: number;
  deadline: number;
  now: () => number;
  /** The page's folded observations, handed to the judge. */
  folds?: FoldCache;
}

export async function judgeCandidates(
  judge: Judge,
  conditions: JudgeCondition[],
  candidates: JudgeCandidate[],
  options: JudgingOptions,
): Promise<JudgingOutcome> {
  const batches: JudgeCandidate[][] = [];
  for (let i = 0; i < candidates.length; i += BATCH_SIZE) batches.push(candidates.slice(i, i + BATCH_SIZE));
  const outcome: JudgingOutcome = {
    presence: new Map(),
    unjudged: [],
    calls: 0,
    inferenceCalls: 0,
    inputTokens: 0,
    failure: null,
    timedOut: false,
  };
  let callsLeft = MAX_JUDGE_CALLS;
  let next = 0;
  const controller = new AbortController();

  const runOne = async (): Promise<void> => {
    while (next < batches.length) {
      if (outcome.failure !== null) return;
      if (options.now() >= options.deadline) {
        outcome.timedOut = true;
        return;
      }
      const index = next++;
      const batch = batches[index] as JudgeCandidate[];
      const notStarted = batches.length - next;
      // Keep one call for every batch still waiting; a retry only uses what is left over.
      const maxCalls = Math.min(2, callsLeft - notStarted);
      if (maxCalls < 1) return;
      callsLeft -= maxCalls;
      try {
        const result = await judge.judgeBatch(conditions, batch, {
          maxCalls,
          signal: controller.signal,
          ...(options.folds ? { folds: options.folds } : {}),
        });
        for (const verdict of result.verdicts) outcome.presence.set(verdict.sceneId, verdict.presence);
        outcome.calls += result.calls;
        outcome.inferenceCalls += result.inferenceCalls;
        outcome.inputTokens += result.inputTokens;
        callsLeft += maxCalls - result.calls;
      } catch (error) {
        const spent =
          error instanceof JudgeUnavailableError ? error : { calls: maxCalls, inferenceCalls: 0, inputTokens: 0 };
        outcome.calls += spent.calls;
        outcome.inferenceCalls += spent.inferenceCalls;
        outcome.inputTokens += spent.inputTokens;
        callsLeft += maxCalls - spent.calls;
        outcome.failure ??= error instanceof Error ? error.message : String(error);
      }
    }
  };
  const workers = Array.from({ length: Math.max(1, Math.min(options.concurrency, batches.length)) }, runOne);
  await Promise.all(workers);
  for (const c of candidates) if (!outcome.presence.has(c.sceneId)) outcome.unjudged.push(c.sceneId);
  return outcome;
}
