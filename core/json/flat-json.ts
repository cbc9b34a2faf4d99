import type { ByteWriter } from './byte-writer.ts';

// Scalars and flat plain objects of scalars (a query echo, a count, a quality policy) written as the UTF-8 of
// JSON.stringify(value), without making that text: a JSON.stringify call and the copy of its text cost more than
// printing a few numbers and keys. Anything else is left to JSON.stringify.

function isPlainObject(value: object): value is Record<string, unknown> {
  const prototype = Object.getPrototypeOf(value);
  return (prototype === Object.prototype || prototype === null) && !('toJSON' in value);
}

// JSON.stringify leaves out an object's fields whose values are undefined, functions or symbols.
const isLeftOut = (value: unknown) => value === undefined || typeof value === 'function' || typeof value === 'symbol';

function writeScalar(writer: ByteWriter, value: unknown): boolean {
  switch (typeof value) {
    case 'number':
      writer.number(value); // null when not finite, as JSON prints it
      return true;
    case 'string':
      writer.jsonString(value);
      return true;
    case 'boolean':
      writer.ascii(value ? 'true' : 'false');
      return true;
    default:
      if (value !== null) return false;
      writer.ascii('null');
      return true;
  }
}

/**
 * Writes `value` as JSON.stringify(value) in UTF-8 when it is a number, string, boolean, null or a plain object of
 * those (fields JSON leaves out are left out); returns false, having written nothing, for anything else.
 */
export function writeFlatJson(writer: ByteWriter, value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return writeScalar(writer, value);
  if (!isPlainObject(value)) return false;
  const start = writer.length;
  let first = true;
  writer.ascii('{');
  for (const key of Object.keys(value)) {
    const field = value[key];
    if (isLeftOut(field)) continue;
    if (!first) writer.ascii(',');
    first = false;
    writer.jsonString(key);
    writer.ascii(':');
    if (!writeScalar(writer, field)) {
      writer.advance(start); // a nested value: JSON.stringify prints the whole
      return false;
    }
  }
  writer.ascii('}');
  return true;
}
