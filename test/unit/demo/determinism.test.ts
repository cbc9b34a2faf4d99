import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateDemoRelease, groundTruthPathFor } from '../../../core/demo/generate.ts';

const base = await mkdtemp(join(tmpdir(), 'machimi-determinism-'));
afterAll(() => rm(base, { recursive: true, force: true }));

async function filesOf(dir: string): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  for (const name of (await readdir(dir)).sort()) out.set(name, await readFile(join(dir, name)));
  out.set('ground-truth', await readFile(groundTruthPathFor(dir)));
  return out;
}

describe('demo generator determinism', () => {
  it('writes identical bytes for the same seed and size, and different data for another seed', async () => {
    const a = join(base, 'a');
    const b = join(base, 'b');
    const c = join(base, 'c');
    await generateDemoRelease({ scenes: 300, seed: 5, out: a });
    await generateDemoRelease({ scenes: 300, seed: 5, out: b });
    await generateDemoRelease({ scenes: 300, seed: 6, out: c });
    const [fa, fb, fc] = await Promise.all([filesOf(a), filesOf(b), filesOf(c)]);
    expect([...fa.keys()]).toEqual([...fb.keys()]);
    for (const [name, bytes] of fa) expect(bytes.equals(fb.get(name) as Buffer), name).toBe(true);
    expect((fa.get('scenes.ndjson.gz') as Buffer).equals(fc.get('scenes.ndjson.gz') as Buffer)).toBe(false);
  });

  it('refuses a non-empty output folder unless forced, and names the release as synthetic', async () => {
    const dir = join(base, 'a');
    await expect(generateDemoRelease({ scenes: 300, seed: 5, out: dir })).rejects.toThrow(/not empty/);
    const result = await generateDemoRelease({ scenes: 300, seed: 5, out: dir, force: true });
    expect(result.releaseId).toBe('demo-synthetic-s5-n300');
    expect(result.groundTruthPath).toBe(`${dir}.ground-truth.ndjson.gz`);
    const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8'));
    expect(manifest.synthetic).toBe(true);
    expect(manifest.license.summary).toContain('合成');
    expect(await readdir(dir)).not.toContain('ground-truth.ndjson.gz');
  });
});
