// In-process cost of answering /v1/scenes/nearby (r=500, top 50), /v1/coverage (r=500) and /v1/amenities/nearby
// (r=1000, top 10), part by part and whole, every comparison measured side by side (interleaved rounds, medians of
// the main thread's CPU time, see timing.ts):
//   1. printing the enveloped body to UTF-8 bytes: JSON.stringify + Buffer.from (plain), JSON.stringify +
//      encodeJsonText, the spliced envelope (default), fast-json-stringify whole, spliced + fast-json-stringify;
//   2. the Response: undici's `new Response(text)` read back as bytes, srvx's FastResponse with the text, and with
//      encodeJsonText's bytes, each taken as srvx's Node adapter takes it;
//   3. routing and parameter validation: openapi-backend per request, or the precomputed table + compiled validators;
//   4. whole requests through app.fetch with each MACHIMI_SERIALISER mode and (with --baseline DIR) through another
//      checkout's core/http, on the same handlers and release.
// Usage: node scripts/bench/serialise.ts [--data-dir DIR] [--scenes 50000] [--seed 1] [--ms 300] [--rounds 5]
//   [--baseline DIR] [--only 1,2,3,4]
// --baseline: a checkout whose core/http is the one to compare with, e.g. `git worktree add --detach DIR HEAD`
// with this tree's other folders copied in and node_modules linked. A missing DATA_DIR is filled with the seeded
// demo city first (PGlite). Progress on stderr, tables on stdout.
import os from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { H3 } from 'h3';
import { FastResponse } from 'srvx';
import type { SerialiserMode } from '../../core/config.ts';
import { parseConfig } from '../../core/config.ts';
import type { HandlerContext, HandlerMap } from '../../core/context.ts';
import { openServedRelease } from '../../core/data/bootstrap.ts';
import { type AssembleOptions, assembleApp } from '../../core/http/assemble.ts';
import { printEnvelope, wrapInEnvelope } from '../../core/http/envelope.ts';
import { compileSerialisers } from '../../core/http/serialise.ts';
import { createLogger } from '../../core/log.ts';
import { loadHandlers } from '../../handlers/load.ts';
import { compare, type Task } from './timing.ts';
import { encodeJsonText } from './utf8.ts';

const { values: args } = parseArgs({
  options: {
    'data-dir': { type: 'string', default: '/work/bench-data/serialise/data-50000' },
    scenes: { type: 'string', default: '50000' },
    seed: { type: 'string', default: '1' },
    ms: { type: 'string', default: '300' },
    rounds: { type: 'string', default: '5' },
    baseline: { type: 'string' },
    only: { type: 'string', default: '1,2,3,4' },
  },
});
const sections = new Set((args.only as string).split(','));
const timing = { ms: Number(args.ms), rounds: Number(args.rounds) };
const progress = (message: string) => process.stderr.write(`[bench-serialise] ${message}\n`);
const us = (value: number | undefined) => (value ?? Number.NaN).toFixed(2);
const times = (slow: number | undefined, fast: number | undefined) =>
  `${((slow ?? Number.NaN) / (fast ?? Number.NaN)).toFixed(2)}×`;
const loadAverage = () => os.loadavg()[0]?.toFixed(2);
function table(title: string, header: string[], rows: string[][]): void {
  console.log(`\n${title} (load average ${loadAverage()})`);
  console.log(header.join('\t'));
  for (const row of rows) console.log(row.join('\t'));
}

// ---------- the seeded demo city and its apps ----------

const config = parseConfig({
  DATA_DIR: args['data-dir'],
  DEMO_SCENES: args.scenes,
  DEMO_SEED: args.seed,
  LOG_LEVEL: 'silent',
  RATE_LIMIT_FACTOR: '1000000',
});
const log = createLogger(config);
progress(`opening ${args['data-dir']}`);
const { store, release } = await openServedRelease(config, log);

// Each handler call is remembered, so its result can be printed exactly as the pipeline prints it.
const captured = new Map<string, { result: Record<string, unknown>; ctx: HandlerContext }>();
const placeHandlers: HandlerMap = {};
for (const [id, handler] of Object.entries(await loadHandlers('place-lookup'))) {
  placeHandlers[id] = async (input, ctx) => {
    const result = await handler(input, ctx);
    captured.set(id, { result: result as Record<string, unknown>, ctx });
    return result;
  };
}
const options: AssembleOptions = {
  config,
  log,
  release,
  handlers: { place: placeHandlers, explore: await loadHandlers('scenery-search') },
};
const apps = new Map<string, H3>();
for (const mode of ['spliced', 'json', 'compiled'] as SerialiserMode[]) {
  apps.set(mode, (await assembleApp({ ...options, serialiser: mode })).app);
}
const { deps } = await assembleApp(options);
if (args.baseline) {
  const url = pathToFileURL(join(resolve(args.baseline), 'core/http/assemble.ts')).href;
  const baseline = (await import(url)) as { assembleApp: typeof assembleApp };
  apps.set('baseline', (await baseline.assembleApp(options)).app);
}

const base = 'http://127.0.0.1:3000';
const app = apps.get('spliced') as H3;
const get = async (path: string, on = app) => on.fetch(new Request(`${base}${path}`));

// The body as bytes, taken the way srvx's Node adapter takes it: a FastResponse's string (encoded once while
// written), any other Response read back through its stream.
async function bodyBytes(response: Response): Promise<number> {
  const fast = response as Response & { _toNodeResponse?: () => { body: unknown; headers: string[] } };
  if (fast._toNodeResponse) {
    const { body, headers } = fast._toNodeResponse();
    if (body instanceof Uint8Array) return body.byteLength + headers.length;
    return typeof body === 'string' ? Buffer.from(body, 'utf8').byteLength + headers.length : 0;
  }
  return (await response.arrayBuffer()).byteLength;
}

async function findCentre(): Promise<{ lat: string; lon: string }> {
  const { lats, lons, count } = release.scenes.light;
  for (let row = 0; row < count; row += Math.max(1, Math.floor(count / 97))) {
    const lat = (lats[row] as number).toFixed(6);
    const lon = (lons[row] as number).toFixed(6);
    const response = await get(`/v1/scenes/nearby?lat=${lat}&lon=${lon}&radius_m=500&limit=50`);
    if (((await response.json()) as { count: number }).count === 50) return { lat, lon };
  }
  throw new Error('no centre with 50 scenes within 500 m');
}
const centre = await findCentre();
const vending = release.amenities.get('vending_machine')?.rows[0];
if (!vending) throw new Error('the demo city has no vending machines');
const requests: Record<string, string> = {
  list_scenes_nearby: `/v1/scenes/nearby?lat=${centre.lat}&lon=${centre.lon}&radius_m=500&limit=50`,
  get_coverage: `/v1/coverage?lat=${centre.lat}&lon=${centre.lon}&radius_m=500`,
  list_amenities_nearby: `/v1/amenities/nearby?lat=${vending.lat.toFixed(6)}&lon=${vending.lon.toFixed(6)}&radius_m=1000&limit=10`,
};
progress(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}; ${timing.rounds} rounds × ${timing.ms} ms`,
);

// ---------- 1 and 2: printing the body to bytes, building the Response ----------

const compiled = compileSerialisers(deps.place.router.spec);
const compiledRest = compileSerialisers(deps.place.router.spec, 'rest');
const printRows: string[][] = [];
const responseRows: string[][] = [];
for (const [operationId, path] of sections.has('1') || sections.has('2') ? Object.entries(requests) : []) {
  if ((await get(path)).status !== 200) throw new Error(`${path} did not answer 200`);
  const { result, ctx } = captured.get(operationId) ?? {};
  const whole = compiled.byOperation.get(operationId);
  const rest = compiledRest.byOperation.get(operationId);
  if (!result || !ctx || !whole || !rest) throw new Error(`${operationId}: no captured body or no compiled serialiser`);
  const text = JSON.stringify(wrapInEnvelope(result, ctx));
  progress(`${operationId}: ${Buffer.byteLength(text)} bytes`);
  // Each printer's text is taken to UTF-8 bytes: fast-json-stringify's text is a rope V8 flattens only then.
  const p = compare(
    sections.has('1')
      ? {
          jsonFrom: () => Buffer.from(JSON.stringify(wrapInEnvelope(result, ctx)), 'utf8'),
          json: () => encodeJsonText(JSON.stringify(wrapInEnvelope(result, ctx))),
          spliced: () => encodeJsonText(printEnvelope(result, ctx)),
          compiled: () => encodeJsonText(whole(wrapInEnvelope(result, ctx))),
          splicedCompiled: () => encodeJsonText(printEnvelope(result, ctx, rest)),
          stringifyOnly: () => JSON.stringify(wrapInEnvelope(result, ctx)),
        }
      : {},
    timing,
  );
  const row = [operationId, String(Buffer.byteLength(text)), us(p.jsonFrom), us(p.stringifyOnly), us(p.json)];
  row.push(us(p.spliced), us(p.compiled), us(p.splicedCompiled), times(p.jsonFrom, p.json));
  row.push(times(p.jsonFrom, p.spliced), times(p.jsonFrom, p.compiled), times(p.jsonFrom, p.splicedCompiled));
  printRows.push(row);
  if (!sections.has('2')) continue;
  const headers = new Headers({ 'content-type': 'application/json; charset=utf-8', 'x-request-id': ctx.requestId });
  const r = await compare(
    {
      undici: () => new Response(text, { status: 200, headers }).arrayBuffer(),
      fastText: () => bodyBytes(new FastResponse(text, { status: 200, headers })),
      fastBytes: () => bodyBytes(new FastResponse(encodeJsonText(text), { status: 200, headers })),
    },
    timing,
    true,
  );
  responseRows.push([operationId, us(r.undici), us(r.fastText), us(r.fastBytes), times(r.undici, r.fastBytes)]);
}
if (sections.has('1'))
  table(
    '1. Printing the enveloped body and encoding it as UTF-8 (µs per body; ratios against the first column)',
    [
      'operation',
      'bytes',
      'JSON.stringify + Buffer.from',
      '(JSON.stringify alone)',
      'JSON.stringify + encodeJsonText',
    ].concat(['spliced', 'compiled', 'spliced + compiled', '×json', '×spliced', '×compiled', '×spliced+compiled']),
    printRows,
  );
if (sections.has('2'))
  table(
    '2. Building the Response from JSON text and taking its bytes, as the Node adapter does (µs)',
    ['operation', 'new Response(text)', 'FastResponse(text)', 'FastResponse(encodeJsonText(text))', 'ratio 1/3'],
    responseRows,
  );

// ---------- 3: routing and validation ----------

const router = deps.place.router;
const backend = router.backend;
const routeRows: string[][] = [];
const paths: Record<string, string> = { ...requests, 'unknown path (404)': '/v1/nowhere' };
for (const [name, path] of sections.has('3') ? Object.entries(paths) : []) {
  const url = new URL(`${base}${path}`);
  const query = Object.fromEntries(url.searchParams);
  const routed = router.route('GET', url.pathname);
  const viaBackend: Task = () => {
    const request = { method: 'get', path: url.pathname, headers: {} };
    const matched = backend.router.matchOperation(request);
    if (matched) return backend.router.parseRequest(request, matched).params;
    return router.spec.operations.filter(
      (operation) =>
        backend.router.matchOperation({ method: operation.method, path: url.pathname, headers: {} }) !== undefined,
    );
  };
  const tasks: Record<string, Task> = { backendRoute: viaBackend, tableRoute: () => router.route('GET', url.pathname) };
  if (routed.kind === 'match') {
    const { match } = routed;
    tasks.backendValidate = () =>
      backend.validator.validateRequest(
        { method: 'get', path: url.pathname, headers: {}, query: { ...query }, params: {} },
        match.operation.operationId,
      );
    tasks.directValidate = () => router.validate(match, query, undefined, {});
  }
  const t = compare(tasks, timing);
  routeRows.push([name, us(t.backendRoute), us(t.tableRoute), times(t.backendRoute, t.tableRoute)]);
  routeRows[routeRows.length - 1]?.push(
    us(t.backendValidate),
    us(t.directValidate),
    times(t.backendValidate, t.directValidate),
  );
}
if (sections.has('3'))
  table(
    '3. Routing and parameter validation (µs per request)',
    [
      'request',
      'openapi-backend route',
      'table route',
      'ratio',
      'openapi-backend validate',
      'direct validate',
      'ratio',
    ],
    routeRows,
  );

// ---------- 4: whole requests ----------

const wholeRows: string[][] = [];
const names = [...apps.keys()];
for (const [operationId, path] of sections.has('4') ? Object.entries(requests) : []) {
  const tasks = Object.fromEntries(
    names.map((name) => [name, () => get(path, apps.get(name)).then(bodyBytes)] as const),
  );
  const t = await compare(tasks, timing, true);
  const reference = t.baseline ?? t.json;
  wholeRows.push([operationId, ...names.map((name) => us(t[name])), ...names.map((name) => times(reference, t[name]))]);
}
if (sections.has('4'))
  table(
    `4. Whole request through app.fetch, body bytes as the Node adapter takes them (µs; ratios against ${
      args.baseline ? 'baseline' : 'json'
    })`,
    ['operation', ...names, ...names.map((name) => `×${name}`)],
    wholeRows,
  );

await store.close();
