// Compile check of a client from a second generator family: openapi-generator's typescript-fetch (through its npm
// wrapper, which fetches the generator's jar pinned in clients/openapitools.json from Maven Central once; needs Java)
// on the place lookup spec, compiled by tsc in strict mode. POST /mcp is left out: it is JSON-RPC for MCP clients,
// and the generator cannot type a response that is one object or an array of them (duplicate imports), a known
// limitation of typescript-fetch, not of the spec. Properties keep their wire names (modelPropertyNaming=original):
// with camelCase the generator's own instanceOf checks do not type-check under strict.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { root } from './version.ts';

type Components = Record<string, Record<string, unknown>>;

/** The place lookup spec without /mcp and the components only it used. */
function restSpec(): unknown {
  const spec = load(readFileSync(join(root, 'spec/place-lookup.openapi.yaml'), 'utf8')) as {
    paths: Record<string, unknown>;
    components: Components;
  };
  delete spec.paths['/mcp'];
  for (let removed = true; removed; ) {
    removed = false;
    for (const [kind, entries] of Object.entries(spec.components)) {
      for (const name of Object.keys(entries)) {
        const { [name]: _self, ...others } = entries;
        const rest = JSON.stringify({ ...spec, components: { ...spec.components, [kind]: others } });
        if (rest.includes(`"#/components/${kind}/${name}"`)) continue;
        delete entries[name];
        removed = true;
      }
    }
  }
  return spec;
}

export function checkTypescriptFetch(): void {
  const dir = mkdtempSync(join(tmpdir(), 'machimi-openapi-generator-'));
  try {
    writeFileSync(join(dir, 'spec.json'), JSON.stringify(restSpec()));
    const generate = spawnSync(
      join(root, 'node_modules/.bin/openapi-generator-cli'),
      [
        ...['--openapitools', 'clients/openapitools.json', 'generate', '-g', 'typescript-fetch'],
        ...[
          '-i',
          join(dir, 'spec.json'),
          '-o',
          join(dir, 'out'),
          '--additional-properties=modelPropertyNaming=original',
        ],
      ],
      { cwd: root, encoding: 'utf8', timeout: 5 * 60_000, maxBuffer: 64 << 20 },
    );
    if (generate.status !== 0) throw new Error(`openapi-generator failed:\n${generate.stdout}${generate.stderr}`);
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { target: 'es2022', lib: ['es2022', 'dom'], module: 'esnext', moduleResolution: 'bundler' },
        include: ['out'],
      }),
    );
    const compile = spawnSync(join(root, 'node_modules/.bin/tsc'), ['--noEmit', '--strict', '-p', dir], {
      encoding: 'utf8',
      timeout: 5 * 60_000,
    });
    if (compile.status !== 0) throw new Error(`the typescript-fetch client does not compile:\n${compile.stdout}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
