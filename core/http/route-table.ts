import type { OperationSpec } from '../spec.ts';

// Method + path → operation, precomputed once from the spec with openapi-backend's own matching rules, which it
// re-derives on every call (it rebuilds its operation list with lodash per lookup, twice per request, and once per
// operation for a 404/405): measured, that was a fifth of an in-process nearby request
// and about 5 ms for any unknown path.
//
// The rules, as in openapi-backend 5.21 (apiRoot `/`, trailing slashes ignored): the path without its query and
// trailing slashes must equal an operation's path for the same method; otherwise the templates (`{name}` matches one
// non-empty segment) are tried, the longest literal part first, and the first with the method wins. Path parameters
// are the matched segments, percent-decoded.

export interface TableMatch {
  operation: OperationSpec;
  pathParams: Record<string, string>;
}

interface Template {
  operation: OperationSpec;
  pattern: RegExp;
  names: string[];
}

function escapeRegExp(literal: string): string {
  return literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function templateOf(operation: OperationSpec): Template {
  const names = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((found) => found[1] as string);
  if (new Set(names).size !== names.length) throw new Error(`${operation.path}: a path parameter is named twice`);
  const source = operation.path
    .replace(/\{[^}]+\}/g, '\0')
    .split('\0')
    .map(escapeRegExp)
    .join('([^/]+)');
  return { operation, pattern: new RegExp(`^${source}$`), names };
}

function literalLength(path: string): number {
  return path.replace(/\{.*?\}/g, '').length;
}

export function normalisePath(path: string): string {
  let normal = path.trim();
  if (!normal.startsWith('/')) normal = `/${normal}`;
  normal = (normal.split('?')[0] as string).trim();
  while (normal.length > 1 && normal.endsWith('/')) normal = normal.slice(0, -1);
  return normal;
}

// A path equal to a template itself (braces included) gets the braces as its values, as openapi-backend does.
function paramsOf(template: Template, found: RegExpExecArray | null): Record<string, string> {
  const pathParams: Record<string, string> = {};
  if (!found) return pathParams;
  template.names.forEach((name, i) => {
    pathParams[name] = decodeURIComponent(found[i + 1] as string);
  });
  return pathParams;
}

export class RouteTable {
  private readonly exact = new Map<string, OperationSpec>();
  // Every operation (a literal path is its own template), longest literal part first, spec order otherwise.
  private readonly templates: Template[];
  private readonly byOperation: Map<OperationSpec, Template>;

  constructor(operations: OperationSpec[]) {
    for (const operation of operations) {
      const key = `${operation.method} ${operation.path}`;
      if (!this.exact.has(key)) this.exact.set(key, operation);
    }
    this.byOperation = new Map(operations.map((operation) => [operation, templateOf(operation)]));
    this.templates = [...this.byOperation.values()]
      .map((template, order) => ({ template, order, length: literalLength(template.operation.path) }))
      .sort((a, b) => b.length - a.length || a.order - b.order)
      .map(({ template }) => template);
  }

  // `method` in lower case, as in the spec. A malformed percent-encoding in a parameter throws URIError, as there.
  match(method: string, path: string): TableMatch | undefined {
    const normal = normalisePath(path);
    const template = this.find(method, normal);
    if (!template) return undefined;
    return { operation: template.operation, pathParams: paramsOf(template, template.pattern.exec(normal)) };
  }

  allowedMethods(path: string): string[] {
    const normal = normalisePath(path);
    const methods = new Set<string>();
    for (const template of this.templates) {
      if (this.find(template.operation.method, normal) === template)
        methods.add(template.operation.method.toUpperCase());
    }
    return [...methods];
  }

  private find(method: string, normal: string): Template | undefined {
    const exact = this.exact.get(`${method} ${normal}`);
    if (exact) return this.byOperation.get(exact);
    return this.templates.find((template) => template.operation.method === method && template.pattern.test(normal));
  }
}
