// A value's JSON text attached to the value itself, as UTF-8 pieces to concatenate. A handler can hand over a part of
// its body already printed (the results of a nearby page, from bytes kept in memory) while the body stays a plain
// object for every other reader (MCP, JSON.stringify, tests). Whoever attaches promises that the pieces, joined, are
// exactly JSON.stringify(value) in UTF-8. Pieces rather than one buffer: the response then allocates its body once.

const attached = new WeakMap<object, readonly Uint8Array[]>();

export function attachJson<T extends object>(value: T, pieces: readonly Uint8Array[]): T {
  attached.set(value, pieces);
  return value;
}

export function attachedJsonOf(value: unknown): readonly Uint8Array[] | undefined {
  return typeof value === 'object' && value !== null ? attached.get(value) : undefined;
}
