import type { HandlerContext } from './context.ts';

// Legacy query parameters the document keeps accepting: `radius` (alias of radius_m; radius_m wins when both are
// given), `gen` (alias of generation; generation wins), `era` and `min_score` (accepted, no effect). Each use is
// reported in `warnings`, by name.

export interface LegacyQuery {
  radius?: number;
  radius_m?: number;
  gen?: string;
  generation?: string;
  era?: unknown;
  min_score?: unknown;
}

/**
 * The radius the request asked for. Validation fills radius_m's spec default in even when only `radius` was sent,
 * so what the client sent (`ctx.given`) decides which one counts.
 */
export function resolveRadius(query: LegacyQuery & { radius_m: number }, ctx: HandlerContext): number {
  const radiusM = query.radius_m;
  if (ctx.given.has('radius')) {
    if (ctx.given.has('radius_m')) {
      ctx.warnings.push('legacy parameter radius was ignored because radius_m was also given');
      return radiusM;
    }
    ctx.warnings.push('legacy parameter radius is deprecated; use radius_m');
    return query.radius ?? radiusM;
  }
  return radiusM;
}

export function resolveGeneration(query: LegacyQuery, ctx: HandlerContext): string | null {
  if (ctx.given.has('gen')) {
    if (ctx.given.has('generation')) {
      ctx.warnings.push('legacy parameter gen was ignored because generation was also given');
      return query.generation ?? null;
    }
    ctx.warnings.push('legacy parameter gen is deprecated; use generation');
    return query.gen ?? null;
  }
  return query.generation ?? null;
}

export function reportIgnoredLegacy(ctx: HandlerContext): void {
  for (const name of ['era', 'min_score']) {
    if (ctx.given.has(name)) ctx.warnings.push(`legacy parameter ${name} was accepted but has no effect`);
  }
}
