// The JSON type(s) a row-schema property allows, resolved through $ref and anyOf, to check SQL column types.
import { readSchema } from '../../../core/release/schemas.ts';
import type { ReleaseTable } from '../../../core/release/tables.ts';

type Schema = Record<string, unknown>;

function resolveRef(ref: string, local: Schema): Schema {
  const [file, pointer = ''] = ref.split('#');
  const root = file ? readSchema('common') : local;
  let node: unknown = root;
  for (const part of pointer.split('/').filter(Boolean)) node = (node as Schema)[part];
  return node as Schema;
}

function jsonTypes(schema: Schema, local: Schema): Set<string> {
  if (typeof schema.$ref === 'string') return jsonTypes(resolveRef(schema.$ref, local), local);
  if (Array.isArray(schema.anyOf)) {
    return new Set((schema.anyOf as Schema[]).flatMap((member) => [...jsonTypes(member, local)]));
  }
  if (Array.isArray(schema.enum)) return new Set(schema.enum.map((value) => (value === null ? 'null' : typeof value)));
  if ('const' in schema) return new Set([typeof schema.const]);
  const type = schema.type;
  return new Set(Array.isArray(type) ? (type as string[]) : [type as string]);
}

/** SQL data types (information_schema spelling) acceptable for each property of a table's row schema. */
export function expectedSqlTypes(table: ReleaseTable): Record<string, string[]> {
  const schema = readSchema(table);
  const expected: Record<string, string[]> = {};
  for (const [name, property] of Object.entries(schema.properties as Record<string, Schema>)) {
    const types = jsonTypes(property, schema);
    types.delete('null');
    if (types.has('object') || types.has('array')) expected[name] = ['jsonb'];
    else if (types.has('integer')) expected[name] = ['integer', 'bigint'];
    else if (types.has('number')) expected[name] = ['double precision'];
    else if (types.has('boolean')) expected[name] = ['boolean'];
    else expected[name] = ['text'];
  }
  return expected;
}
