import type { ByteWriter } from './byte-writer.ts';

// A value's JSON attached to the value itself, as a function printing its UTF-8 into a writer. A handler can have a
// part of its body printed straight from bytes it keeps (the results of a nearby page, from the card columns) while
// the body stays a plain object for every other reader (MCP, JSON.stringify, tests). Whoever attaches promises that
// the bytes printed are exactly JSON.stringify(value) in UTF-8.
//
// The printer is a non-enumerable symbol property of the value (JSON.stringify, spreading and equality ignore it),
// not a WeakMap entry: a young WeakMap value survives scavenges with its key, and a page's printer kept its items
// alive into the old space (measured: ~25 KB promoted per nearby request, the heap growing ~18 MB per scavenge).

export type PrintJson = (writer: ByteWriter) => void;

const printer = Symbol('attached JSON printer');

export function attachJson<T extends object>(value: T, print: PrintJson): T {
  Object.defineProperty(value, printer, { value: print, enumerable: false, configurable: true });
  return value;
}

export function attachedJsonOf(value: unknown): PrintJson | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  return (value as { [printer]?: PrintJson })[printer];
}
