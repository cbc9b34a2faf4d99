// A value's JSON text attached to the value itself. A handler can hand over a part of its body already printed (the
// results of a nearby page, from bytes kept in memory) while the body stays a plain object for every other reader
// (MCP, JSON.stringify, tests). Whoever attaches promises the bytes are exactly JSON.stringify(value) in UTF-8.

const attached = new WeakMap<object, Uint8Array>();

export function attachJson<T extends object>(value: T, json: Uint8Array): T {
  attached.set(value, json);
  return value;
}

export function attachedJsonOf(value: unknown): Uint8Array | undefined {
  return typeof value === 'object' && value !== null ? attached.get(value) : undefined;
}
