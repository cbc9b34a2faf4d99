import type { HandlerContext } from '../context.ts';
import { printEnvelopeBody } from './envelope.ts';
import type { LentBody } from './lent-body.ts';

// How a successful place-lookup body becomes bytes: the handler's result inside the common envelope, written as
// UTF-8 into pooled memory (envelope.ts), exactly the bytes of JSON.stringify of the enveloped body.
export type PrintOk = (result: Record<string, unknown>, ctx: HandlerContext) => LentBody;

export const printOk: PrintOk = printEnvelopeBody;
