// The docs a newcomer reads first stay short and point at files that exist.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

function markdownFiles(): string[] {
  const skip = new Set(['node_modules', '.git', '.venv', '.data', 'generated']);
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (skip.has(entry.name)) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.md')) found.push(path);
    }
  };
  walk(root);
  return found;
}

describe('docs', () => {
  it('README.md stays within 10 KB', () => {
    expect(readFileSync(join(root, 'README.md')).length).toBeLessThanOrEqual(10 * 1024);
  });

  it('every relative link of every Markdown file names a file of the repository', () => {
    const broken: string[] = [];
    for (const file of markdownFiles()) {
      const text = readFileSync(file, 'utf8');
      for (const [, target] of text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
        if (!target || /^[a-z]+:/i.test(target)) continue;
        if (!existsSync(join(dirname(file), target))) broken.push(`${relative(root, file)} → ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
