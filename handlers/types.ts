import type { HandlerContext } from '../core/context.ts';
import type { Envelope } from '../generated/place-lookup/types.gen.ts';

export type { HandlerContext };

type Part<D, K extends string> = D extends { [P in K]?: infer T }
  ? [T] extends [never]
    ? undefined
    : NonNullable<T>
  : undefined;

/** The validated input of an operation, typed from its generated `<OperationId>Data` type. */
export interface InputOf<D> {
  query: Part<D, 'query'>;
  path: Part<D, 'path'>;
  body: Part<D, 'body'>;
}

/** A part of the input with the members the spec gives a default: validation has filled them in. */
export type Filled<T, K extends keyof T> = T & { [P in K]-?: Exclude<T[P], undefined> };

/**
 * Says to the type checker that validation filled the spec's defaults in, and fails loudly if a name has lost its
 * default in the spec (the default is written there and only there).
 */
export function filled<T extends object, K extends keyof T>(part: T, ...names: K[]): Filled<T, K> {
  for (const name of names) {
    if (part[name] === undefined)
      throw new Error(`${String(name)} has no default in the spec: give it one there or handle its absence`);
  }
  return part as Filled<T, K>;
}

/** What core/http adds around every place-lookup body; a handler may set `note`, `quality_policy` and `warnings`. */
type EnvelopeAdded = Exclude<keyof Envelope, 'note' | 'quality_policy' | 'warnings'>;

/** A place-lookup handler's reply: its operation's 200 body from `<OperationId>Responses`, less the envelope. */
export type PlaceReply<R extends { 200: unknown }> = Omit<
  R[200],
  EnvelopeAdded | 'note' | 'quality_policy' | 'warnings'
> &
  Partial<Pick<Envelope, 'note' | 'quality_policy' | 'warnings'>>;

/** A scenery-search handler's reply: its operation's 200 body, whole (that face has no envelope). */
export type SearchReply<R extends { 200: unknown }> = R[200];

/** A map handler's reply: its operation's 200 body, whole. */
export type MapReply<R extends { 200: unknown }> = R[200];

/** A service handler's reply: the status it chose (GET /readyz answers 503 when not ready) and the body. */
export interface ServiceReply<B> {
  status: number;
  body: B;
}
