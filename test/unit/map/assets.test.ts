import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildSite } from '../../../core/map/assets.ts';

// The map page's asset builder: files renamed by digest, references rewritten in the page, style sheets and scripts,
// library files taken from node_modules through web/assets.json.

let dir: string;
function web(files: Record<string, string>): string {
  dir = mkdtempSync(join(tmpdir(), 'machimi-web-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const page = '<link rel="stylesheet" href="style.css"><script src="./app.js"></script><a href="app.js.txt">x</a>';

describe('buildSite', () => {
  it('renames every file by its digest and rewrites the references to /map/assets/', () => {
    const site = buildSite(
      web({
        'index.html': page,
        'style.css': '.logo { background: url("logo.svg"); }',
        'app.js': "import('./lib.js');",
        'lib.js': 'export const a = 1;',
        'logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      }),
    );
    const names = Object.fromEntries(site.names);
    for (const [plain, renamed] of site.names) {
      expect(renamed).toMatch(new RegExp(`^${plain.split('.')[0]}-[0-9a-f]{10}\\.${plain.split('.')[1]}$`));
    }
    const html = site.page.bytes.toString();
    expect(html).toContain(`href="/map/assets/${names['style.css']}"`);
    expect(html).toContain(`src="/map/assets/${names['app.js']}"`);
    // Only whole names in attributes are references.
    expect(html).toContain('href="app.js.txt"');
    expect(site.assets.get(names['style.css'] as string)?.bytes.toString()).toContain(
      `url("/map/assets/${names['logo.svg']}")`,
    );
    expect(site.assets.get(names['app.js'] as string)?.bytes.toString()).toBe(
      `import('/map/assets/${names['lib.js']}');`,
    );
    expect(site.assets.get(names['style.css'] as string)?.contentType).toBe('text/css; charset=utf-8');
  });

  it('gives a file a new name when a file it loads changes', () => {
    const before = buildSite(
      web({ 'index.html': page, 'style.css': '', 'app.js': "import('./lib.js');", 'lib.js': '1' }),
    );
    rmSync(dir, { recursive: true });
    const after = buildSite(
      web({ 'index.html': page, 'style.css': '', 'app.js': "import('./lib.js');", 'lib.js': '2' }),
    );
    expect(after.names.get('app.js')).not.toBe(before.names.get('app.js'));
    expect(after.names.get('style.css')).toBe(before.names.get('style.css'));
  });

  it('takes library files named in assets.json from node_modules, and refuses a missing one', () => {
    const site = buildSite(
      web({ 'index.html': '<script src="rbush.js"></script>', 'assets.json': '{"rbush.js": "rbush/rbush.min.js"}' }),
    );
    expect(site.page.bytes.toString()).toMatch(/src="\/map\/assets\/rbush-[0-9a-f]{10}\.js"/);
    rmSync(dir, { recursive: true });
    expect(() => buildSite(web({ 'index.html': '', 'assets.json': '{"x.js": "no-such-package/x.js"}' }))).toThrow(
      /x\.js names no-such-package\/x\.js/,
    );
  });

  it('refuses files that load each other', () => {
    expect(() => buildSite(web({ 'index.html': '', 'a.js': "import './b.js';", 'b.js': "import './a.js';" }))).toThrow(
      /refers back to itself/,
    );
  });
});
