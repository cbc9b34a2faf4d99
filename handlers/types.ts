import type { HandlerContext } from '../core/context.ts';

export type { HandlerContext };

type Part<D, K extends string> = D extends { [P in K]?: infer T }
  ? [T] extends [never]
    ? undefined
    : NonNullable<T>
  : undefined;

// The validated input of an operation, typed from its generated `<OperationId>Data` type (defaults already applied).
export interface InputOf<D> {
  query: Part<D, 'query'>;
  path: Part<D, 'path'>;
  body: Part<D, 'body'>;
}
