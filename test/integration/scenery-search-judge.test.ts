import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tagsOf } from '../../core/scenery-search/corpus.ts';
import { builtCorpus } from '../../core/scenery-search/engine-holder.ts';
import {
  belowOne,
  matchProbability,
  passagesFactor,
  SHARED_PASSAGE,
  UNWORDED,
} from '../../core/scenery-search/match-probability.ts';
import { HEDGED, TAG_SOURCES } from '../../core/scenery-search/tag-source.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { checkedFetch } from '../helpers/spec-check.ts';

// A server started with JUDGE_URL / JUDGE_MODEL judges through that OpenAI-compatible endpoint (here a fake one on
// loopback that says every condition is clearly stated); every response is checked against the spec.

let fake: Server;
let server: TestServer;
const prompts: string[] = [];

beforeAll(async () => {
  fake = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      prompts.push(body);
      const user = (JSON.parse(body) as { messages: { content: string }[] }).messages[1]?.content ?? '';
      const scenes = [...user.matchAll(/^### scene (\d+)$/gm)].map((m) => m[1]);
      const keys = [...user.matchAll(/^- ([^:\n]+):/gm)].map((m) => m[1] as string);
      const results = scenes.map((id) => ({ id, presence: Object.fromEntries(keys.map((k) => [k, 3])) }));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          choices: [{ message: { content: JSON.stringify({ results }) } }],
          usage: { prompt_tokens: 1000 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const judgeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1`;
  server = await startTestServer({
    env: { JUDGE_URL: judgeUrl, JUDGE_MODEL: 'fake-judge', JUDGE_API_KEY: 'test-key', RATE_LIMIT_FACTOR: '50' },
  });
}, 180_000);
afterAll(async () => {
  await server?.close();
  fake.closeAllConnections();
  await new Promise<void>((resolve) => fake.close(() => resolve()));
});

describe('the external judge chosen by JUDGE_* variables', () => {
  it('judges mode jev through the configured endpoint and counts what it sent', async () => {
    const response = await checkedFetch(`${server.url}/explore/api/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '石畳の坂道', limit: 5 }),
    });
    expect(response.status).toBe(200);
    const page = (await response.json()) as any;
    expect(page.usage.judge).toBe('openai_compatible');
    expect(page.mode).toBe('jev');
    expect(prompts.length).toBeGreaterThan(0);
    expect(page.inference_calls).toBe(prompts.length);
    expect(page.inference_input_tokens).toBe(1000 * prompts.length);
    for (const prompt of prompts) expect(JSON.parse(prompt).model).toBe('fake-judge');
    expect(page.results.length).toBeGreaterThan(0);
    // The fake judge states every condition: each result scores the estimate of two stated conditions, less one
    // discount when a single passage states both and one for each condition its text names by another wording, raised
    // for a condition stated in two or three passages.
    // Each condition's tag weighs by what made it (any stored source, hedged or not; the fixture's scenes differ).
    const sources = [-1, ...Array.from({ length: TAG_SOURCES.length }, (_, i) => [i, i | HEDGED]).flat()];
    const rules: string[] = page.interpretation.conditions.map((c: { rule: string }) => c.rule);
    expect(rules).toHaveLength(2);
    // Each condition weighs by the share of the served index's scenes tagged with its category.
    const corpus = builtCorpus(server.release);
    if (!corpus) throw new Error('the server built no index');
    const docs = Array.from({ length: corpus.size }, (_, doc) => tagsOf(corpus, doc));
    const shares = page.interpretation.conditions.map(
      (c: { category_id: string }) =>
        docs.filter((tags) => tags.includes(corpus.categoryIndex.get(c.category_id) ?? -1)).length / corpus.size,
    );
    const estimates = sources.flatMap((a) =>
      sources.map((b) =>
        matchProbability(
          rules.map((rule, i) => ({
            negated: false,
            soft: false,
            rule,
            evidence: 'stated',
            source: i ? b : a,
            share: shares[i],
          })),
          'all',
          { found: 0, total: 0 },
        ),
      ),
    );
    const passages = [1, 2, 3].flatMap((a) => [1, 2, 3].map((b) => passagesFactor([a, b])));
    const allowed = new Set(
      estimates.flatMap((estimate) =>
        [0, 1].flatMap((k) =>
          [0, 1, 2].flatMap((j) =>
            passages.map((f) => {
              // As the engine rounds: the judged estimate with its passages first, then the page's discounts.
              const judged = Math.round(belowOne(estimate * UNWORDED ** j * f) * 1000) / 1000;
              return Math.round(Math.min(1, judged * SHARED_PASSAGE ** k) * 1000) / 1000;
            }),
          ),
        ),
      ),
    );
    for (const item of page.results) expect([...allowed]).toContain(item.match_score);
  });
});
