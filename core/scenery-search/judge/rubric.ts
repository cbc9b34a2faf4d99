/**
 * The built-in judge: a transparent, deterministic rubric over the observation's structured sections and text.
 * 3 = the category's evidence wording in a section where it belongs (or the summary), 2 = evidence elsewhere or one
 * of its words anywhere, 1 = not mentioned, 0 = the observation says it is absent. One batch is one call.
 */

import type { SearchCategory } from '../categories.ts';
import { assessCategory, assessTerm, foldObservation, matcherFor } from '../evidence.ts';
import { foldForSearch } from '../normalize.ts';
import type {
  CandidateVerdict,
  Judge,
  JudgeBatchResult,
  JudgeCandidate,
  JudgeCondition,
  JudgeOptions,
} from './types.ts';

export class RubricJudge implements Judge {
  readonly kind = 'builtin_rubric' as const;
  private readonly categories: readonly SearchCategory[];

  /** `categories`: the whole catalog, so a word inside another category's evidence is not taken as a mention. */
  constructor(categories: readonly SearchCategory[] = []) {
    this.categories = categories;
  }

  async judgeBatch(
    conditions: JudgeCondition[],
    candidates: JudgeCandidate[],
    options?: JudgeOptions,
  ): Promise<JudgeBatchResult> {
    const verdicts: CandidateVerdict[] = candidates.map((candidate) => {
      const doc = foldObservation(candidate.observation, options?.folds);
      const presence: CandidateVerdict['presence'] = {};
      for (const condition of conditions) {
        if (condition.category)
          presence[condition.key] = assessCategory(doc, matcherFor(condition.category, this.categories)).presence;
        else if (condition.term) presence[condition.key] = assessTerm(doc, foldForSearch(condition.term)).presence;
      }
      return { sceneId: candidate.sceneId, presence };
    });
    return { verdicts, calls: 1, inferenceCalls: 0, inputTokens: 0 };
  }
}
