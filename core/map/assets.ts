import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The map page's files, read from web/ once at start: index.html, the page's own files beside it, and the library
// files web/assets.json names (`{"maplibre-gl.js": "maplibre-gl/dist/maplibre-gl.js"}`: a name the page uses → a
// path under node_modules). Each file but the page is renamed `<stem>-<10 hex digits of its digest>.<ext>`, and
// references to the plain names are rewritten to /map/assets/<renamed>: in the page's src/href attributes, in style
// sheets' url(), and in scripts' './<name>' string literals. A file's digest covers its references already
// rewritten, so a name changes whenever anything it loads changes.

export interface SiteFile {
  bytes: Buffer;
  contentType: string;
}

export interface BuiltSite {
  page: SiteFile;
  /** By renamed file name. */
  assets: Map<string, SiteFile>;
  /** Plain name → renamed name. */
  names: Map<string, string>;
}

export const assetPath = '/map/assets/';
const root = fileURLToPath(new URL('../../', import.meta.url));
export const webDir = join(root, 'web');
const manifestName = 'assets.json';

const contentTypes: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml; charset=utf-8',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};
const textTypes = new Set(['.js', '.mjs', '.css', '.json', '.svg', '.html']);

function sources(dir: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isFile() || entry.name.startsWith('.') || entry.name === 'index.html' || entry.name === manifestName)
      continue;
    found.set(entry.name, join(dir, entry.name));
  }
  const manifest = join(dir, manifestName);
  if (!existsSync(manifest)) return found;
  const listed = JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, string>;
  for (const [name, path] of Object.entries(listed)) {
    const file = join(root, 'node_modules', path);
    if (!existsSync(file)) throw new Error(`web/${manifestName}: ${name} names ${path}, not found under node_modules`);
    if (found.has(name)) throw new Error(`web/${manifestName}: ${name} is also a file of web/`);
    found.set(name, file);
  }
  return found;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Where a text of kind `ext` refers to `name`: the pattern's groups 1 and 3 surround the name. */
function referencePattern(ext: string, name: string): RegExp {
  const n = escapeRegExp(name);
  if (ext === '.html') return new RegExp(`(\\b(?:src|href)=["'])(\\./)?${n}(["'])`, 'g');
  if (ext === '.css') return new RegExp(`(url\\(["']?)(\\./)?${n}(["']?\\))`, 'g');
  if (ext === '.js' || ext === '.mjs') return new RegExp(`(["'])(\\./)${n}(["'])`, 'g');
  return /$^/g;
}

function refersTo(text: string, ext: string, name: string): boolean {
  return referencePattern(ext, name).test(text);
}

function rewrite(text: string, ext: string, names: Map<string, string>): string {
  let out = text;
  for (const [plain, renamed] of names) out = out.replace(referencePattern(ext, plain), `$1${assetPath}${renamed}$3`);
  return out;
}

export function buildSite(dir = webDir): BuiltSite {
  const pageFile = join(dir, 'index.html');
  if (!existsSync(pageFile)) throw new Error(`the map page ${pageFile} is missing`);
  const files = sources(dir);
  const texts = new Map<string, string>();
  for (const [name, path] of files) if (textTypes.has(extname(name))) texts.set(name, readFileSync(path, 'utf8'));
  const names = new Map<string, string>();
  const assets = new Map<string, SiteFile>();
  const visiting = new Set<string>();
  const place = (name: string): void => {
    if (names.has(name)) return;
    if (visiting.has(name)) throw new Error(`web/: ${name} refers back to itself through other files`);
    visiting.add(name);
    const ext = extname(name);
    const text = texts.get(name);
    let bytes: Buffer;
    if (text === undefined) bytes = readFileSync(files.get(name) as string);
    else {
      for (const other of files.keys()) if (other !== name && refersTo(text, ext, other)) place(other);
      bytes = Buffer.from(rewrite(text, ext, names));
    }
    const digest = createHash('sha256').update(bytes).digest('hex').slice(0, 10);
    const renamed = `${name.slice(0, name.length - ext.length)}-${digest}${ext}`;
    names.set(name, renamed);
    assets.set(renamed, { bytes, contentType: contentTypes[ext] ?? 'application/octet-stream' });
    visiting.delete(name);
  };
  for (const name of files.keys()) place(name);
  const page = Buffer.from(rewrite(readFileSync(pageFile, 'utf8'), '.html', names));
  return { page: { bytes: page, contentType: 'text/html; charset=utf-8' }, assets, names };
}
