import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../core/config.ts';
import type { HandlerContext, HandlerInput, HandlerMap } from '../../core/context.ts';
import { invalidParameter, notFound } from '../../core/errors.ts';
import { createLogger } from '../../core/log.ts';
import { createMcpEndpoint } from '../../core/mcp/endpoint.ts';
import { buildMcpTools } from '../../core/mcp/tools.ts';
import { Readiness } from '../../core/ops/readiness.ts';
import { loadSpec, specFiles } from '../../core/spec.ts';

// How a tool call reaches a handler and what comes back, with stand-in handlers: argument shaping (the REST input
// form), defaults, per-call warnings, list caps and error results.

const spec = loadSpec(specFiles.placeLookup);
const config = parseConfig({ LOG_LEVEL: 'silent' });

interface Seen {
  input: HandlerInput;
  given: string[];
}

function fakeRelease(): HandlerContext['data'] {
  return {
    record: { release_id: 'rel-test' },
    manifest: { data_as_of: null, license: { attribution: 'test' } },
  } as never;
}

function context(data: HandlerContext['data'] = fakeRelease()): HandlerContext {
  return {
    requestId: '3f0c6a52-8d1e-4b7a-9c2f-5e61d0a4b8c7',
    config,
    log: createLogger(config),
    now: () => new Date(),
    data,
    warnings: [],
    given: new Set(),
    origin: 'http://127.0.0.1:3000',
    readiness: new Readiness(),
  };
}

function setup(overrides: HandlerMap = {}) {
  const seen: Record<string, Seen> = {};
  const handlers: HandlerMap = Object.fromEntries(
    spec.operations.map((operation) => [
      operation.operationId,
      (input: HandlerInput, ctx: HandlerContext) => {
        seen[operation.operationId] = { input, given: [...ctx.given] };
        return overrides[operation.operationId]?.(input, ctx) ?? { results: [] };
      },
    ]),
  );
  const tools = new Map(buildMcpTools(spec, handlers).map((tool) => [tool.name, tool]));
  const call = (name: string, args: Record<string, unknown>) =>
    tools.get(name)?.call(args, context()) as Promise<CallToolResult>;
  return { seen, call };
}

const textOf = (result: CallToolResult) => (result.content[0] as { text: string }).text;

describe('a tool call reaches the handler in the REST input form', () => {
  it('lat/lon become decimal text, defaults are filled in, given names what the agent sent', async () => {
    const { seen, call } = setup();
    await call('coverage', { lat: 35.7078, lon: 1e-7 });
    expect(seen.get_coverage?.input).toEqual({
      query: { lat: '35.7078', lon: '0.0000001', radius_m: 300, quality: 'released' },
      path: {},
      body: undefined,
    });
    expect(seen.get_coverage?.given.sort()).toEqual(['lat', 'lon']);
  });

  it('path parameters go to path, the rest to query', async () => {
    const { seen, call } = setup();
    await call('get_scene', { id: '2871945603381726190', include: 'metadata' });
    expect(seen.get_scene?.input.path).toEqual({ id: '2871945603381726190' });
    expect(seen.get_scene?.input.query).toEqual({ include: 'metadata', quality: 'released' });
  });

  it('wraps the body in the /v1 envelope, with the warnings of this call only', async () => {
    const { call } = setup({
      search_streets: (_input, ctx) => {
        ctx.warnings.push('from the handler');
        return { query: {}, count: 0, results: [], note: 'nothing recorded' };
      },
    });
    const first = await call('find_street', { q: '本郷' });
    const second = await call('find_street', { q: '本郷' });
    expect(first.structuredContent).toMatchObject({
      api_version: 'v1',
      snapshot: 'rel-test',
      note: 'nothing recorded',
      warnings: ['from the handler'],
    });
    expect(second.structuredContent?.warnings).toEqual(['from the handler']);
    expect(textOf(first)).toMatch(/Note: nothing recorded/);
  });

  it('caps long lists, keeps count = results returned and says so', async () => {
    const results = Array.from({ length: 35 }, (_, i) => ({ street_id: i + 1, name: `通り${i}` }));
    const { call } = setup({ search_streets: () => ({ query: { q: '通' }, count: 35, results }) });
    const result = await call('find_street', { q: '通', limit: 50 });
    expect(result.structuredContent).toMatchObject({ count: 20 });
    expect(result.structuredContent?.results).toHaveLength(20);
    expect(result.structuredContent?.warnings).toEqual([expect.stringMatching(/results capped at 20 of 35/)]);
    expect(textOf(result)).toMatch(/Warning: results capped at 20 of 35/);
  });
});

describe('errors are isError results with a way forward and no structuredContent', () => {
  it.each([
    ['coverage', { lat: 91, lon: 0 }, /lat must be <= 90; valid: number -90\.\.90/],
    ['coverage', { lon: 0 }, /Missing required argument lat/],
    ['coverage', { lat: 1, lon: 1, quality: 'best' }, /one of: released, include_experimental, experimental_only/],
    ['get_scene', { id: 123 }, /id must be string/],
    ['find_street', { q: '' }, /q must NOT have fewer than 1 characters/],
    ['coverage', { lat: 1, lon: 1, radius: 5 }, /Unknown argument radius\. Valid arguments: lat, lon, radius_m/],
  ])('%s %j', async (name, args, message) => {
    const { seen, call } = setup();
    const result = await call(name, args);
    expect(result).toEqual({ isError: true, content: [{ type: 'text', text: expect.stringMatching(message) }] });
    expect(Object.keys(seen)).toEqual([]);
  });

  it('a handler 400 names the valid values of its field', async () => {
    const { call } = setup({
      get_coverage: () => {
        throw invalidParameter('year_to', 'year_to must not be below year_from');
      },
    });
    const result = await call('coverage', { lat: 1, lon: 1, year_from: 2020, year_to: 2010 });
    expect(textOf(result)).toMatch(/year_to must not be below year_from\. Valid year_to: integer 1970\.\.2100/);
  });

  it('a 404 says where a valid identifier comes from', async () => {
    const { call } = setup({
      get_street: () => {
        throw notFound('No street 9');
      },
    });
    const result = await call('describe_street', { street_id: 9 });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/No street 9.*find_street/);
  });

  it('an unexpected failure is an isError quoting the request id, with no internals', async () => {
    const { call } = setup({
      get_meta: () => {
        throw new Error('SELECT secret FROM /srv/db');
      },
    });
    const text = textOf(await call('get_metadata', {}));
    expect(text).toMatch(/3f0c6a52-8d1e-4b7a-9c2f-5e61d0a4b8c7/);
    expect(text).not.toMatch(/SELECT|srv/);
  });
});

describe('the endpoint', () => {
  const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

  it('answers an unknown tool without touching the served release', async () => {
    const untouchable = new Proxy({} as object, {
      get: (_target, key) => {
        throw new Error(`the store was touched (${String(key)})`);
      },
    }) as HandlerContext['data'];
    const endpoint = createMcpEndpoint(buildMcpTools(spec, setupHandlersThatThrow()));
    const reply = await endpoint(
      bytes({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'nope' } }),
      context(untouchable),
    );
    expect(reply).toMatchObject({ status: 200, body: { id: 1, result: { isError: true } } });
  });

  it('a method that fails unexpectedly is -32603 for that entry only', async () => {
    const failing = { name: 'boom', definition: {} as never, call: () => Promise.reject(new Error('boom')) };
    const endpoint = createMcpEndpoint([failing]);
    const reply = await endpoint(
      bytes([
        { jsonrpc: '2.0', id: 'a', method: 'tools/call', params: { name: 'boom' } },
        { jsonrpc: '2.0', id: 'b', method: 'ping' },
      ]),
      context(),
    );
    expect(reply.body).toMatchObject([
      { id: 'a', error: { code: -32603 } },
      { id: 'b', result: {} },
    ]);
  });
});

function setupHandlersThatThrow(): HandlerMap {
  return Object.fromEntries(
    spec.operations.map((operation) => [
      operation.operationId,
      () => {
        throw new Error(`${operation.operationId} ran`);
      },
    ]),
  );
}
