import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../../../core/config.ts';
import { tagsOf } from '../../../core/scenery-search/corpus.ts';
import { createSearchEngine, type SearchEngine, type SearchPage } from '../../../core/scenery-search/engine.ts';
import { OpenAiJudge, openAiJudgeFromConfig } from '../../../core/scenery-search/judge/openai.ts';
import { matchProbability, passagesFactor } from '../../../core/scenery-search/match-probability.ts';
import { NOW, residentialObservations, testCatalog } from '../../unit/scenery-search/fixture.ts';
import { envelope, SOURCE_RELEASE, schemaErrors, testLinks } from '../../unit/scenery-search/spec-schema.ts';

// The engine with the OpenAI-compatible judge chosen by JUDGE_* variables, against a fake chat-completions server on
// loopback: what it counts must be exactly what the fake server received.

type Reply = (res: ServerResponse, request: { scenes: string[]; conditions: string[] }) => void;

let server: Server;
let url: string;
let replies: Reply[] = [];
let fallbackReply: Reply;
const received: { scenes: string[]; conditions: string[]; tokens: number }[] = [];

/** The scene ids and condition keys the judge put into its user message. */
function readPrompt(body: string) {
  const messages = (JSON.parse(body) as { messages: { content: string }[] }).messages;
  const user = messages[1]?.content ?? '';
  return {
    scenes: [...user.matchAll(/^### scene (\d+)$/gm)].map((m) => m[1] as string),
    conditions: [...user.matchAll(/^- ([^:\n]+):/gm)].map((m) => m[1] as string),
  };
}

const TOKENS_PER_CALL = 250;

/** Answers like a model: every scene satisfies every condition when `present`, else none is mentioned. */
const answer =
  (present: (sceneId: string) => boolean): Reply =>
  (res, request) => {
    const results = request.scenes.map((id) => ({
      id,
      presence: Object.fromEntries(request.conditions.map((key) => [key, present(id) ? 3 : 1])),
    }));
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        choices: [{ message: { role: 'assistant', content: JSON.stringify({ results }) } }],
        usage: { prompt_tokens: TOKENS_PER_CALL, completion_tokens: 40 },
      }),
    );
  };
const silence: Reply = () => {
  /* never answers: the judge's timeout fires */
};

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const request = readPrompt(body);
      const reply = replies.shift() ?? fallbackReply;
      received.push({ ...request, tokens: reply === silence ? 0 : TOKENS_PER_CALL });
      reply(res, request);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  received.length = 0;
  replies = [];
});

const even = (id: string) => Number(id.slice(-1)) % 2 === 0;

async function engineWith(timeoutMs: number): Promise<SearchEngine> {
  const config = parseConfig({ JUDGE_URL: url, JUDGE_MODEL: 'fake-judge', JUDGE_TIMEOUT_MS: String(timeoutMs) });
  const judge = openAiJudgeFromConfig(config.judge);
  expect(judge).toBeInstanceOf(OpenAiJudge);
  return createSearchEngine(residentialObservations(40), testCatalog(), {
    judge: judge as OpenAiJudge,
    sourceRelease: SOURCE_RELEASE,
    links: testLinks,
    pageCache: false,
  });
}

async function search(engine: SearchEngine, query: string): Promise<SearchPage> {
  const page = await engine.search({ query, limit: 10 }, NOW);
  expect(schemaErrors('SearchResponse', envelope(page))).toBeNull();
  return page;
}

const sentTokens = () => received.reduce((sum, r) => sum + r.tokens, 0);

describe('OpenAI-compatible judge selected by JUDGE_* variables', () => {
  it('ranks by the model’s verdicts and counts every request and reported token', async () => {
    fallbackReply = answer(even);
    const page = await search(await engineWith(5000), '電柱のある住宅街');
    expect(page.mode).toBe('jev');
    expect(page.usage.judge).toBe('openai_compatible');
    expect(page.warning).toBeNull();
    expect(page.results.length).toBeGreaterThan(0);
    for (const item of page.results) expect(even(item.id)).toBe(true);
    expect(received.length).toBeGreaterThan(0);
    expect(page.inference_calls).toBe(received.length);
    expect(page.usage.judge_calls).toBe(received.length);
    expect(page.inference_input_tokens).toBe(sentTokens());
    expect(page.usage.candidates_considered).toBe(received.flatMap((r) => r.scenes).length);
  });

  it('retries a batch once after a timeout and counts both requests', async () => {
    fallbackReply = answer(() => true);
    replies = [silence];
    const page = await search(await engineWith(400), '電柱のある住宅街');
    expect(page.mode).toBe('jev');
    expect(page.usage.judge).toBe('openai_compatible');
    expect(page.inference_calls).toBe(received.length);
    // One batch was sent twice: the same scenes, first unanswered, then answered.
    const retried = received.filter((r) => r.scenes.join() === received[0]?.scenes.join());
    expect(retried).toHaveLength(2);
    expect(page.inference_input_tokens).toBe(sentTokens());
    expect(page.inference_input_tokens).toBe((received.length - 1) * TOKENS_PER_CALL);
  });

  it('falls back to text behaviour, says so and stops with upstream_unavailable when nothing could be judged', async () => {
    fallbackReply = silence;
    const engine = await engineWith(300);
    const page = await search(engine, '電柱のある住宅街');
    expect(page.mode).toBe('text');
    expect(page.pagination.stop_reason).toBe('upstream_unavailable');
    expect(page.warning).toMatch(/judge was unavailable/);
    expect(page.usage.judge).toBe('none');
    expect(page.results.length).toBeGreaterThan(0);
    // Ranked by the index: a result scores the estimate of two tagged conditions exactly when it is tagged with
    // both, and a condition some result is not tagged with (nor worded) is listed as unverified.
    const both = (tags: string[]) => ['utility_poles', 'residential_street'].every((t) => tags.includes(t));
    // Each condition weighs by the share of the index's scenes tagged with its category, counted here from the tags.
    const { corpus } = engine;
    const docs = Array.from({ length: corpus.size }, (_, doc) => tagsOf(corpus, doc));
    const tagged = page.interpretation.conditions.map((c: { rule: string; category_id: string }) => ({
      negated: false,
      soft: false,
      rule: c.rule,
      evidence: 'index_tag' as const,
      share: docs.filter((tags) => tags.includes(corpus.categoryIndex.get(c.category_id) ?? -1)).length / corpus.size,
    }));
    const bothTagged = Math.round(matchProbability(tagged, 'all', { found: 0, total: 0 }) * 1000) / 1000;
    // Raised for a condition its observation states in two or three passages.
    const bothTaggedScores = [1, 2, 3].flatMap((a) =>
      [1, 2, 3].map((b) => Math.round(Math.min(1, bothTagged * passagesFactor([a, b])) * 1000) / 1000),
    );
    for (const item of page.results) {
      expect(bothTaggedScores.includes(item.match_score)).toBe(both(item.tags));
      expect(item.match_confidence).toBeNull();
    }
    if (page.results.every((item) => both(item.tags))) expect(page.interpretation.unverified_conditions).toEqual([]);
    else expect(page.interpretation.unverified_conditions.length).toBeGreaterThan(0);
    // Every request the fake server saw is counted (timeouts and retries included), and none reported tokens.
    expect(received.length).toBeGreaterThanOrEqual(2);
    expect(page.inference_calls).toBe(received.length);
    expect(page.usage.judge_calls).toBe(received.length);
    expect(page.inference_input_tokens).toBe(0);
  });

  it('sends nothing in mode text', async () => {
    fallbackReply = answer(() => true);
    const engine = await engineWith(5000);
    const page = await engine.search({ query: '電柱のある住宅街', mode: 'text' }, NOW);
    expect(received).toHaveLength(0);
    expect(page).toMatchObject({ inference_calls: 0, inference_input_tokens: 0 });
  });
});
