import { readFileSync } from 'node:fs';
import { CORE_SCHEMA, load } from 'js-yaml';
import { describe, expect, it } from 'vitest';

// Schemathesis's stateful phase only reaches an operation that needs an id through the specs' OpenAPI links (link
// inference is off, schemathesis.toml). An operation with a path parameter that no link targets is fuzzed with
// made-up ids only, which answer 404, so every such operation must be the target of a link.

type Node = Record<string, unknown>;

const specs = ['place-lookup.openapi.yaml', 'scenery-search.openapi.yaml'];
const methods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

function resolve(document: Node, value: unknown): Node {
  let node = value as Node;
  while (typeof node?.$ref === 'string' && node.$ref.startsWith('#/')) {
    node = node.$ref
      .slice(2)
      .split('/')
      .reduce((at: Node, part) => at[part.replaceAll('~1', '/').replaceAll('~0', '~')] as Node, document);
  }
  return node;
}

interface Operation {
  id: string;
  pathParameters: string[];
  responses: Node;
}

function operationsOf(document: Node): Operation[] {
  const operations: Operation[] = [];
  for (const pathItem of Object.values(document.paths as Node)) {
    for (const method of methods) {
      const operation = (pathItem as Node)[method] as Node | undefined;
      if (!operation) continue;
      const parameters = ((operation.parameters as unknown[]) ?? []).map((parameter) => resolve(document, parameter));
      operations.push({
        id: operation.operationId as string,
        pathParameters: parameters.filter((p) => p.in === 'path').map((p) => p.name as string),
        responses: (operation.responses as Node) ?? {},
      });
    }
  }
  return operations;
}

function linksOf(document: Node, operations: Operation[]): Node[] {
  return operations.flatMap((operation) =>
    Object.values(operation.responses).flatMap((response) =>
      Object.values((resolve(document, response).links as Node) ?? {}).map((link) => resolve(document, link)),
    ),
  );
}

describe.each(specs)('links of spec/%s', (spec) => {
  const document = load(readFileSync(new URL(`../../spec/${spec}`, import.meta.url), 'utf8'), {
    schema: CORE_SCHEMA,
  }) as Node;
  const operations = operationsOf(document);
  const links = linksOf(document, operations);

  it('target existing operations and fill only their path parameters', () => {
    for (const link of links) {
      const target = operations.find((operation) => operation.id === link.operationId);
      expect(target, `link to ${String(link.operationId)}`).toBeDefined();
      for (const name of Object.keys((link.parameters as Node) ?? {})) expect(target?.pathParameters).toContain(name);
    }
  });

  it('reach every operation that takes a path parameter', () => {
    const targeted = new Set(links.map((link) => link.operationId));
    const unreached = operations.filter((op) => op.pathParameters.length > 0 && !targeted.has(op.id));
    expect(unreached.map((op) => op.id)).toEqual([]);
  });
});
