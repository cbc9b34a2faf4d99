import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpenAiJudge } from '../../../core/scenery-search/judge/openai.ts';
import {
  type JudgeCandidate,
  type JudgeCondition,
  JudgeUnavailableError,
} from '../../../core/scenery-search/judge/types.ts';
import { fixtureObservations, QUIET_NO_POLES, STONE_SLOPE, testCatalog } from '../../unit/scenery-search/fixture.ts';

// The OpenAI-compatible judge over HTTP: what it sends, its retry and its timeout, against a fake chat-completions
// server on loopback.

const catalog = testCatalog();
const condition = (id: string): JudgeCondition => ({ key: id, category: catalog.byId.get(id) ?? null, term: null });
const candidates: JudgeCandidate[] = fixtureObservations().map((o) => ({ sceneId: o.scene_id, observation: o }));
const byId = (id: string) => candidates.filter((c) => c.sceneId === id);

type Behaviour = (req: IncomingMessage, body: string, res: ServerResponse) => void;

describe('OpenAI-compatible judge against a local fake server', () => {
  let server: Server;
  let url: string;
  let behaviours: Behaviour[] = [];
  const received: { path: string; auth: string | undefined; body: Record<string, unknown> }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        received.push({ path: req.url ?? '', auth: req.headers.authorization, body: JSON.parse(body) });
        const behave = behaviours.shift();
        if (behave) behave(req, body, res);
        else res.writeHead(500).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const answer =
    (presence: Record<string, Record<string, number>>, tokens = 321): Behaviour =>
    (_req, _body, res) => {
      const results = Object.entries(presence).map(([id, p]) => ({ id, presence: p }));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          choices: [{ message: { content: JSON.stringify({ results }) } }],
          usage: { prompt_tokens: tokens },
        }),
      );
    };
  // A generous timeout keeps a loaded test machine from failing requests; the timeout test uses a short one.
  const judge = (timeoutMs = 5000) => new OpenAiJudge({ url, model: 'fake-model', apiKey: 'secret', timeoutMs });
  const two = byId(STONE_SLOPE).concat(byId(QUIET_NO_POLES));

  it('sends one chat completion per batch and reads presences and input tokens', async () => {
    received.length = 0;
    behaviours = [answer({ [STONE_SLOPE]: { stone_paving: 3 }, [QUIET_NO_POLES]: { stone_paving: 0 } })];
    const result = await judge().judgeBatch([condition('stone_paving')], two, { maxCalls: 2 });
    expect(result).toMatchObject({ calls: 1, inferenceCalls: 1, inputTokens: 321 });
    expect(result.verdicts.map((v) => v.presence.stone_paving)).toEqual([3, 0]);
    expect(received[0]?.path).toBe('/v1/chat/completions');
    expect(received[0]?.auth).toBe('Bearer secret');
    expect(received[0]?.body.model).toBe('fake-model');
    expect(JSON.stringify(received[0]?.body.messages)).toContain(STONE_SLOPE);
  });

  it('retries once after a failure and counts both requests', async () => {
    behaviours = [(_q, _b, res) => res.writeHead(503).end(), answer({ [STONE_SLOPE]: { stone_paving: 2 } }, 100)];
    const result = await judge().judgeBatch([condition('stone_paving')], byId(STONE_SLOPE), { maxCalls: 2 });
    expect(result).toMatchObject({ calls: 2, inferenceCalls: 2, inputTokens: 100 });
  });

  it('gives up after the retry (timeout, then garbage) and reports what it spent', async () => {
    behaviours = [
      () => {
        /* never answers: the 300 ms timeout fires */
      },
      (_q, _b, res) =>
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end('{"choices":[{"message":{"content":"no json here"}}]}'),
    ];
    const error = await judge(300)
      .judgeBatch([condition('stone_paving')], byId(STONE_SLOPE), { maxCalls: 2 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JudgeUnavailableError);
    expect(error).toMatchObject({ calls: 2, inferenceCalls: 2, inputTokens: 0 });
  });

  it('does not retry when the budget leaves one call', async () => {
    received.length = 0;
    behaviours = [(_q, _b, res) => res.writeHead(500).end()];
    const error = await judge()
      .judgeBatch([condition('stone_paving')], byId(STONE_SLOPE), { maxCalls: 1 })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ calls: 1 });
    expect(received).toHaveLength(1);
  });
});
