// npm run codegen: generates generated/<face>/ from spec/ with @hey-api/openapi-ts (types + SDK on the fetch client).
// npm run codegen:check (or --check): generates into a temporary folder and fails when generated/ differs.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@hey-api/openapi-ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const faces = [
  { name: 'place-lookup', spec: 'spec/place-lookup.openapi.yaml' },
  { name: 'scenery-search', spec: 'spec/scenery-search.openapi.yaml' },
  { name: 'service', spec: 'spec/service.openapi.yaml' },
  { name: 'map', spec: 'spec/map.openapi.yaml' },
];

async function generate(outRoot: string): Promise<void> {
  for (const face of faces) {
    await createClient({
      input: join(root, face.spec),
      output: { path: join(outRoot, face.name), importFileExtension: '.ts' },
      plugins: ['@hey-api/client-fetch', '@hey-api/typescript', '@hey-api/sdk'],
      logs: { level: 'silent' },
    } as never);
  }
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

async function check(): Promise<number> {
  const fresh = await mkdtemp(join(tmpdir(), 'machimi-codegen-'));
  try {
    await generate(fresh);
    const committed = join(root, 'generated');
    const [want, have] = await Promise.all([listFiles(fresh), listFiles(committed).catch((): string[] => [])]);
    const stale = new Set([...want.filter((f) => !have.includes(f)), ...have.filter((f) => !want.includes(f))]);
    for (const file of want.filter((f) => have.includes(f))) {
      const [a, b] = await Promise.all([readFile(join(fresh, file)), readFile(join(committed, file))]);
      if (!a.equals(b)) stale.add(file);
    }
    if (stale.size === 0) {
      console.log('generated/ is fresh');
      return 0;
    }
    console.error(
      `generated/ is stale; run npm run codegen and commit. Differing files:\n  ${[...stale].join('\n  ')}`,
    );
    return 1;
  } finally {
    await rm(fresh, { recursive: true, force: true });
  }
}

if (process.argv.includes('--check')) {
  process.exitCode = await check();
} else {
  await rm(join(root, 'generated'), { recursive: true, force: true });
  await generate(join(root, 'generated'));
  console.log('generated/ written from spec/');
}
