// Another version's code beside this checkout, for benches that compare the two under the same load.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';

const HERE = resolve(import.meta.dirname, '../../..');

/**
 * A copy of `ref`'s files in .data/bench-baseline (Node strips types outside node_modules only), so its imports resolve to this
 * checkout's node_modules. Returns its root.
 */
export function checkoutOf(ref: string): string {
  const sha = execFileSync('git', ['rev-parse', ref], { cwd: HERE, encoding: 'utf8' }).trim();
  const root = join(HERE, '.data/bench-baseline', sha);
  if (!existsSync(join(root, 'core'))) {
    mkdirSync(root, { recursive: true });
    execFileSync('sh', ['-c', `git archive ${sha} | tar -x -C "${root}"`], { cwd: HERE });
  }
  // Its server resolves files of packages (the map page's scripts) under its own root's node_modules.
  if (!existsSync(join(root, 'node_modules'))) symlinkSync(join(HERE, 'node_modules'), join(root, 'node_modules'));
  return root;
}
