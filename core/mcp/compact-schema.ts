import { type JsonSchema, mergeAllOf } from './schemas.ts';

// The outputSchema an agent pays for in tools/list: the spec's response schema cut down to what an agent reads, the
// names and JSON types of the members near the top, short enums and the first sentence of the top descriptions.
// Compacting only ever drops constraints (ranges, patterns, formats, deep structure, conditionals), so every value
// valid against the spec's schema stays valid against the compact one. Nullable members become `anyOf` branches
// of one `type` each, the form every client dialect reads (a `type` array is not, e.g. Gemini's OpenAPI subset).

type Json = Record<string, unknown>;

export interface CompactRules {
  /** Members down to this level keep their names and types; deeper objects and arrays are typed only. The root's
   *  members are level 1; array items are on their array's level. */
  shapeDepth: number;
  /** Members down to this level keep the first sentence of their description. */
  describeDepth: number;
  /** Enums of at most this many values stay: they tell an agent the values it will read (grades, statuses). */
  maxEnum: number;
  /** Whether the root keeps its `required` list. */
  required: boolean;
  /** Members, by name at any level, left out (any value stays valid there) or typed only, whatever the depths. */
  members?: Readonly<Record<string, 'omit' | 'typed'>>;
}

const jsonType = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : Number.isInteger(value) ? 'integer' : typeof value;

function typesOf(node: Json): string[] {
  if (Array.isArray(node.type)) return node.type as string[];
  if (typeof node.type === 'string') return [node.type];
  if ('const' in node) return [jsonType(node.const)];
  if (Array.isArray(node.enum)) return [...new Set(node.enum.map(jsonType))];
  return [];
}

// The first sentence, so a description says what a member is without the detail the REST reference gives.
export function firstSentence(text: unknown): string | undefined {
  if (typeof text !== 'string' || text === '') return undefined;
  const match = /^(.*?(?<!\be\.g|\bi\.e|\betc)[.!?])(\s|$)/s.exec(text.trim());
  return (match?.[1] ?? text.trim()).replace(/\s+/g, ' ');
}

function values(node: Json, type: string, rules: CompactRules): Json {
  const listed = Array.isArray(node.enum) ? node.enum.filter((value) => jsonType(value) === type) : [];
  if ('const' in node && jsonType(node.const) === type) return { const: node.const };
  return listed.length > 0 && listed.length <= rules.maxEnum ? { enum: listed } : {};
}

// One branch of a single `type`. Objects and arrays keep their members while `level` is within shapeDepth.
function typed(node: Json, type: string, level: number, rules: CompactRules): Json {
  const shaped = level < rules.shapeDepth;
  if (type === 'object') {
    const properties: Json = {};
    for (const [name, member] of Object.entries((node.properties ?? {}) as Json)) {
      const rule = rules.members?.[name];
      if (rule === 'omit') continue;
      const compacted = compactAt(member as Json, rule === 'typed' ? Number.POSITIVE_INFINITY : level + 1, rules);
      if (compacted) properties[name] = compacted;
    }
    const extra = node.additionalProperties;
    const map =
      shaped && typeof extra === 'object' && extra !== null ? compactAt(extra as Json, level + 1, rules) : null;
    return {
      type,
      ...(shaped && Object.keys(properties).length > 0 ? { properties } : {}),
      ...(level === 0 && rules.required
        ? { required: (node.required as string[]).filter((name) => name in properties) }
        : {}),
      ...(map ? { additionalProperties: map } : {}),
    };
  }
  if (type === 'array') {
    const items = shaped && typeof node.items === 'object' ? compactAt(node.items as Json, level, rules) : null;
    return { type, ...(items ? { items } : {}) };
  }
  return { type, ...values(node, type, rules) };
}

// `allOf` of objects merges into one object. Of other members (two string schemas of one member, each with its own
// limits), a value valid against all is valid against any one: the first typed member stands for them all.
function withoutAllOf(source: Json): Json {
  if (!Array.isArray(source.allOf)) return source;
  const { allOf, ...own } = source;
  const members = (allOf as Json[]).map(withoutAllOf);
  const objects = members.every((member) => member.type === 'object' || (!member.type && 'properties' in member));
  if (objects) return mergeAllOf({ ...own, allOf: members });
  return { ...(members.find((member) => typesOf(member).length > 0) ?? {}), ...own };
}

// A compact schema of `node`, or null when it constrains nothing (a member of any value is left out: the same
// contract, and no untyped schema for a client to trip over).
export function compactAt(source: Json, level: number, rules: CompactRules): Json | null {
  const node = withoutAllOf(source);
  const description = level <= rules.describeDepth ? firstSentence(node.description) : undefined;
  const said = description ? { description } : {};
  const alternatives = (node.anyOf ?? node.oneOf) as Json[] | undefined;
  const compacted = (alternatives ?? []).map((branch) =>
    compactAt({ ...branch, description: undefined }, level, rules),
  );
  // Branches that type nothing (`required` alternatives of one object) fall back to the node's own `type`.
  const branches =
    compacted.length > 0 && compacted.every((branch) => branch !== null)
      ? (compacted as Json[]).flatMap((branch) => (Array.isArray(branch.anyOf) ? (branch.anyOf as Json[]) : [branch]))
      : typesOf(node).map((type) => typed(node, type, level, rules));
  const unique = [...new Map(branches.map((branch) => [JSON.stringify(branch), branch])).values()];
  if (unique.length === 0) return null;
  return unique.length === 1 ? { ...said, ...unique[0] } : { ...said, anyOf: unique };
}

export function compactSchema(schema: JsonSchema, rules: CompactRules): JsonSchema {
  const compacted = compactAt(schema, 0, rules);
  if (compacted?.type !== 'object') throw new Error('MCP: an outputSchema must describe an object');
  return compacted;
}
