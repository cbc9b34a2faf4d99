import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../../core/scenery-search/categories.ts';
import { OpenAiJudge, openAiJudgeFromEnv, parseJudgeAnswer } from '../../../core/scenery-search/judge/openai.ts';
import { RubricJudge } from '../../../core/scenery-search/judge/rubric.ts';
import type { JudgeCandidate, JudgeCondition } from '../../../core/scenery-search/judge/types.ts';
import { fixtureObservations, QUIET_NO_POLES, STONE_SLOPE } from './fixture.ts';

// The OpenAI-compatible judge's exchanges with a server are in test/integration/scenery-search/openai-judge.test.ts.

// A catalog of its own: the rubric alone is judged here, and an engine built on the shared test catalog by another
// file of the run (they share modules) registers its tagger for that catalog.
const catalog = loadCatalog();
const condition = (id: string): JudgeCondition => ({ key: id, category: catalog.byId.get(id) ?? null, term: null });
const candidates: JudgeCandidate[] = fixtureObservations().map((o) => ({ sceneId: o.scene_id, observation: o }));
const byId = (id: string) => candidates.filter((c) => c.sceneId === id);

describe('built-in rubric judge', () => {
  const judge = new RubricJudge(catalog.categories);

  it('grades evidence in its own section 3, a mention elsewhere 2, silence 1 and a stated absence 0', async () => {
    const slope = await judge.judgeBatch(
      [condition('stone_paving'), condition('torii'), condition('old_wooden_house')],
      byId(STONE_SLOPE),
    );
    expect(slope.verdicts[0]?.presence).toEqual({ stone_paving: 3, torii: 1, old_wooden_house: 3 });
    const quiet = await judge.judgeBatch(
      [condition('utility_poles'), condition('residential_street')],
      byId(QUIET_NO_POLES),
    );
    expect(quiet.verdicts[0]?.presence).toEqual({ utility_poles: 0, residential_street: 3 });
  });

  it('counts a word inside another category’s evidence as that category, not this one', async () => {
    const obs = { summary: '', analysis: { atmosphere: { observations: ['屋根の連なりの向こうに海が見える。'] } } };
    const result = await judge.judgeBatch(
      [condition('sea_view'), condition('hilltop_view')],
      [{ sceneId: '123456', observation: obs }],
    );
    expect(result.verdicts[0]?.presence).toEqual({ sea_view: 1, hilltop_view: 3 });
  });

  it('checks plain text terms', async () => {
    const result = await judge.judgeBatch([{ key: 'text:苔', category: null, term: '苔' }], byId(STONE_SLOPE));
    expect(result.verdicts[0]?.presence).toEqual({ 'text:苔': 2 });
  });

  it('is one call per batch, with no inference', async () => {
    const result = await judge.judgeBatch([condition('river')], candidates.slice(0, 5));
    expect(result).toMatchObject({ calls: 1, inferenceCalls: 0, inputTokens: 0 });
    expect(result.verdicts).toHaveLength(5);
  });
});

describe('OpenAI-compatible judge: configuration and answers', () => {
  const judgeUrl = 'http://127.0.0.1:8080/v1';

  it('is configured from JUDGE_URL, JUDGE_MODEL, JUDGE_API_KEY, JUDGE_TIMEOUT_MS', () => {
    expect(openAiJudgeFromEnv({})).toBeNull();
    expect(openAiJudgeFromEnv({ JUDGE_URL: judgeUrl, JUDGE_MODEL: 'm', JUDGE_TIMEOUT_MS: '2000' })).toBeInstanceOf(
      OpenAiJudge,
    );
    expect(() => openAiJudgeFromEnv({ JUDGE_URL: judgeUrl })).toThrow(/JUDGE_MODEL/);
    expect(() => openAiJudgeFromEnv({ JUDGE_URL: judgeUrl, JUDGE_MODEL: 'm', JUDGE_TIMEOUT_MS: 'soon' })).toThrow(
      /JUDGE_TIMEOUT_MS/,
    );
  });

  it('reads answers wrapped in prose and treats missing or odd values as not mentioned', () => {
    const verdicts = parseJudgeAnswer(
      `Here you go: {"results":[{"id":"${STONE_SLOPE}","presence":{"stone_paving":2.6,"river":"x"}}]} thanks`,
      [condition('stone_paving'), condition('river')],
      byId(STONE_SLOPE).concat(byId(QUIET_NO_POLES)),
    );
    expect(verdicts.map((v) => v.presence)).toEqual([
      { stone_paving: 3, river: 1 },
      { stone_paving: 1, river: 1 },
    ]);
    expect(() => parseJudgeAnswer('nothing', [], [])).toThrow();
  });
});
