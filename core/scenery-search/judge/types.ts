/**
 * The judge interface. A judge reads candidates' full observations and says, per condition, how present the
 * condition's category (or word) is: 0 stated absent, 1 not mentioned, 2 mentioned, 3 clearly stated. Negation is the
 * engine's business (a negated condition is satisfied when its category is absent), so judges never see it.
 */
import type { SearchCategory } from '../categories.ts';
import type { FoldCache, Presence } from '../evidence.ts';
import type { SearchableObservation } from '../observation-text.ts';

export type JudgeKind = 'builtin_rubric' | 'openai_compatible';

export interface JudgeCondition {
  key: string;
  /** The category to look for, or null for a plain text term. */
  category: SearchCategory | null;
  term: string | null;
}

export interface JudgeCandidate {
  sceneId: string;
  observation: SearchableObservation;
}

export interface CandidateVerdict {
  sceneId: string;
  /** Presence per condition key; a key the judge did not answer is treated as not mentioned. */
  presence: Record<string, Presence>;
}

export interface JudgeBatchResult {
  verdicts: CandidateVerdict[];
  /** Judge calls used for this batch, retries included. */
  calls: number;
  /** Requests really sent to an external model (0 for the built-in judge) and their reported input tokens. */
  inferenceCalls: number;
  inputTokens: number;
}

export interface JudgeOptions {
  /** Calls this batch may use at most (a retry needs a second one). */
  maxCalls: number;
  signal?: AbortSignal;
  /** The page's folded observations (a judge that folds them shares them with the page's quotes). */
  folds?: FoldCache;
}

export interface Judge {
  readonly kind: JudgeKind;
  /** Judges one batch in one call (plus at most one retry); throws JudgeUnavailableError when it cannot. */
  judgeBatch(
    conditions: JudgeCondition[],
    candidates: JudgeCandidate[],
    options: JudgeOptions,
  ): Promise<JudgeBatchResult>;
}

/** The judge could not answer; the calls and tokens it spent before giving up are still reported. */
export class JudgeUnavailableError extends Error {
  override name = 'JudgeUnavailableError';
  readonly calls: number;
  readonly inferenceCalls: number;
  readonly inputTokens: number;

  constructor(message: string, spent: { calls: number; inferenceCalls: number; inputTokens: number }, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.calls = spent.calls;
    this.inferenceCalls = spent.inferenceCalls;
    this.inputTokens = spent.inputTokens;
  }
}
