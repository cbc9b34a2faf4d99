/** POST /explore/api/search: one page from the release's engine, with the fields only the server knows. */
import type { HandlerContext } from '../context.ts';
import { engineFor } from './engine-holder.ts';
import { API_VERSION, apiBaseOf, exploreLicenseOf, sceneLinksOf } from './links.ts';
import { DEFAULT_YEAR_FROM, type SearchRequestBody } from './request.ts';

const BODY_KEYS = ['query', 'preset', 'ward', 'year_from', 'year_to', 'mode', 'bbox', 'cursor', 'limit'];

/**
 * The body keys the client sent. The validator fills defaults into the body object itself, so when the HTTP layer
 * does not list the body keys in `given`, a key counts as sent only when it differs from its default (the one case
 * that matters, year_from, then reads an explicit 2018 as omitted).
 */
export function sentBodyKeys(body: SearchRequestBody, given: ReadonlySet<string>): string[] {
  if (BODY_KEYS.some((key) => given.has(key))) return BODY_KEYS.filter((key) => given.has(key));
  const record = body as Record<string, unknown>;
  return BODY_KEYS.filter((key) => {
    const value = record[key];
    if (value === undefined) return false;
    if (key === 'year_from') return value !== DEFAULT_YEAR_FROM;
    return value !== null && value !== '';
  });
}

/**
 * `body` is the validated body; `sentKeys` are the keys the client really sent (the validator may have filled in
 * defaults, and whether year_from / year_to were sent decides if years named in the query apply).
 */
export async function searchScenes(body: SearchRequestBody, sentKeys: readonly string[], ctx: HandlerContext) {
  const release = ctx.data;
  const engine = await engineFor(release, { config: ctx.config, log: ctx.log });
  const page = await engine.search(body, ctx.now(), sentKeys);
  const base = apiBaseOf(ctx.origin);
  const sourceRelease = release.record.release_id;
  return {
    api_version: API_VERSION,
    source_release: sourceRelease,
    ...page,
    results: page.results.map((item) => ({
      ...item,
      source_release: sourceRelease,
      links: sceneLinksOf(base, release, item.id),
    })),
    license: exploreLicenseOf(release),
  };
}
