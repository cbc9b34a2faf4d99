// A parameter's default is written once, in spec/: validation fills it in and the code reads it from the input. This
// test collects every default the two specs give a request parameter or body member and looks for a literal copy of
// it in handlers/ and core/ (`radius_m = 60`, `radiusM: 150`, `limit ?? 10`, `DEFAULT_LIMIT = 24`,
// `changesDefaults = { …, status: 'supported' }`).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSpec, specFiles } from '../../core/spec.ts';

type Json = Record<string, unknown>;

interface SpecDefault {
  name: string;
  value: string | number;
  where: string;
}

const root = join(import.meta.dirname, '..', '..');

function resolve(document: Json, node: unknown): Json {
  const ref = (node as Json | undefined)?.$ref;
  if (typeof ref !== 'string') return (node ?? {}) as Json;
  const target = ref
    .slice(2)
    .split('/')
    .reduce<unknown>((at, key) => (at as Json)[key], document);
  return resolve(document, target);
}

function bodyDefaults(document: Json, schema: Json, where: string, depth = 0): SpecDefault[] {
  const found: SpecDefault[] = [];
  for (const part of [schema, ...((schema.allOf as unknown[]) ?? []).map((s) => resolve(document, s))]) {
    for (const [name, raw] of Object.entries((part.properties ?? {}) as Json)) {
      const property = resolve(document, raw);
      // A $ref with a sibling default (`mode: { $ref: SearchMode, default: jev }`) keeps the default beside the $ref.
      const value = (raw as Json).default ?? property.default;
      if (isLiteral(value)) found.push({ name, value, where: `${where} body.${name}` });
      if (depth < 2) found.push(...bodyDefaults(document, property, `${where} body.${name}`, depth + 1));
    }
  }
  return found;
}

// Empty strings, booleans and nulls are the absence of a value rather than a rule, and appear everywhere.
function isLiteral(value: unknown): value is string | number {
  return (typeof value === 'string' && value !== '') || typeof value === 'number';
}

function specDefaults(): SpecDefault[] {
  return Object.values(specFiles).flatMap((file) => {
    const spec = loadSpec(file);
    return spec.operations.flatMap((operation) => {
      const where = `${file} ${operation.operationId}`;
      const parameters = operation.parameters
        .filter((parameter) => isLiteral(parameter.schema.default))
        .map((p) => ({ name: p.name, value: p.schema.default as string | number, where: `${where} ${p.name}` }));
      const body = resolve(spec.document, operation.raw.requestBody);
      const schema = resolve(spec.document, ((body.content as Json)?.['application/json'] as Json)?.schema);
      return [...parameters, ...bodyDefaults(spec.document, schema, where)];
    });
  });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const camel = (name: string) => name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** The ways a copy of `name`'s default shows itself in TypeScript. */
function copyPatterns({ name, value }: SpecDefault): RegExp[] {
  // A string followed by `|` is a union type member, not a value.
  const literal =
    typeof value === 'string'
      ? `['"\`]${escapeRegExp(value)}['"\`](?!\\s*\\|)`
      : `${escapeRegExp(String(value))}(?![\\w.])`;
  const names = `(?:${escapeRegExp(name)}|${escapeRegExp(camel(name))})`;
  // YEAR_FROM, yearFrom, yearfrom: the name's parts with or without underscores.
  const bare = name.split('_').map(escapeRegExp).join('_?');
  return [
    new RegExp(`\\b${names}\\s*(?:=|:|\\?\\?)\\s*${literal}`),
    new RegExp(`\\b\\w*${names}\\w*\\s*\\?\\?\\s*${literal}`),
    new RegExp(`\\bdefault_?\\w*${bare}\\w*\\s*(?::\\s*\\w+\\s*)?=\\s*${literal}`, 'i'),
    // A word default is distinctive enough to be a copy whatever the variable is called (`text ?? 'analysis'`).
    ...(typeof value === 'string' ? [new RegExp(`\\?\\?\\s*${literal}`)] : []),
  ];
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('spec defaults are written once', () => {
  const defaults = specDefaults();
  // The release generator writes data, not requests: its numbers are not request defaults.
  const files = [...sourceFiles('handlers'), ...sourceFiles('core')].filter((file) => !file.includes('/core/demo/'));

  it('finds the defaults the specs declare (the scan itself works)', () => {
    const names = new Set(defaults.map((d) => d.name));
    for (const name of ['radius_m', 'limit', 'quality', 'year_from', 'mode']) expect(names).toContain(name);
  });

  it('the scan recognises each form of copy', () => {
    const radius = { name: 'radius_m', value: 60, where: '' };
    const quality = { name: 'quality', value: 'released', where: '' };
    const limit = { name: 'limit', value: 24, where: '' };
    const matches = (d: SpecDefault, line: string) => copyPatterns(d).some((pattern) => pattern.test(line));
    expect(matches(radius, 'const { lat, radius_m = 60 } = input.query;')).toBe(true);
    expect(matches(radius, 'const defaults = { radiusM: 60, limit: 10 };')).toBe(true);
    expect(matches(radius, 'const radiusM = query.radius_m ?? 60;')).toBe(true);
    expect(matches(quality, "export const DEFAULT_QUALITY: Quality = 'released';")).toBe(true);
    expect(matches(limit, 'export const DEFAULT_LIMIT = 24;')).toBe(true);
    expect(matches({ name: 'include', value: 'analysis', where: '' }, "parse(text ?? 'analysis')")).toBe(true);
    expect(matches(radius, 'const radiusM = 600;')).toBe(false);
  });

  it('no handler or core file copies one', () => {
    const patterns = defaults.map((d) => ({ d, patterns: copyPatterns(d) }));
    const copies: string[] = [];
    for (const file of files) {
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, index) => {
        if (/^\s*(\/\/|\*|\/\*)/.test(line)) return;
        const hit = patterns.find(({ patterns }) => patterns.some((pattern) => pattern.test(line)))?.d;
        if (hit) copies.push(`${relative(root, file)}:${index + 1}: ${line.trim()}   (${hit.where} = ${hit.value})`);
      });
    }
    expect(copies).toEqual([]);
  });
});
