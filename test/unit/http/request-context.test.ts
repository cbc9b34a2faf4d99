import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { Config } from '../../../core/config.ts';
import type { ServedRelease } from '../../../core/data/served-release.ts';
import type { AppDeps } from '../../../core/http/context.ts';
import { RequestContext } from '../../../core/http/request-context.ts';
import { createLogger } from '../../../core/log.ts';
import { callContext } from '../../../core/mcp/operation.ts';

function depsWith(trustProxy: number): { deps: AppDeps; lines: string[]; children: () => number } {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const log = createLogger({ logLevel: 'info' }, sink);
  let made = 0;
  const child = log.child.bind(log);
  log.child = ((...args: Parameters<typeof log.child>) => {
    made += 1;
    return child(...args);
  }) as typeof log.child;
  const deps = {
    config: { trustProxy } as Config,
    log,
    release: {} as ServedRelease,
    origin: 'http://127.0.0.1:3000',
  } as AppDeps;
  return { deps, lines, children: () => made };
}

function contextFor(trustProxy: number) {
  const made = depsWith(trustProxy);
  const url = new URL('http://127.0.0.1:3000/v1/coverage?lat=1&lon=2');
  return { ...made, ctx: new RequestContext(made.deps, 'req-1', url) };
}

describe('RequestContext', () => {
  it('makes the child logger on first read only, once, and gives the configured origin', () => {
    const { ctx, lines, children } = contextFor(0);
    expect(children()).toBe(0);
    ctx.log.info('one');
    ctx.log.info('two');
    expect(children()).toBe(1);
    expect(lines.map((line) => JSON.parse(line).request_id)).toEqual(['req-1', 'req-1']);
    expect(ctx.origin).toBe('http://127.0.0.1:3000');
    expect(ctx.origin).toBe(ctx.origin);
  });

  it('carries the query names given, an empty warnings list and a clock', () => {
    const { ctx } = contextFor(0);
    expect([...ctx.given]).toEqual(['lat', 'lon']);
    expect(ctx.warnings).toEqual([]);
    expect(ctx.now()).toBeInstanceOf(Date);
  });

  it('is shared by the contexts of MCP tool calls, each with its own warnings and given', () => {
    const { ctx, children } = contextFor(0);
    ctx.warnings.push('outer');
    const call = callContext(ctx, { lat: 1, radius_m: 2 });
    expect(call.warnings).toEqual([]);
    expect([...call.given]).toEqual(['lat', 'radius_m']);
    expect(call.requestId).toBe('req-1');
    expect(call.origin).toBe('http://127.0.0.1:3000');
    expect(call.log).toBe(ctx.log);
    expect(children()).toBe(1);
    call.warnings.push('inner');
    expect(ctx.warnings).toEqual(['outer']);
  });

  // Getters written in an object literal are new functions per request, held by AccessorPairs V8 allocates in the old
  // generation: every request's closure (and the request with it) then survived scavenges until a full collection.
  it('keeps its lazy fields as getters of the class, not of each request', () => {
    const a = contextFor(0).ctx;
    for (const name of ['log', 'origin']) {
      expect(Object.getOwnPropertyDescriptor(a, name)).toBeUndefined();
      expect(Object.getOwnPropertyDescriptor(RequestContext.prototype, name)?.get).toBeTypeOf('function');
    }
  });
});
