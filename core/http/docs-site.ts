import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ApiError } from '../errors.ts';
import { StaticFile } from './static-file.ts';

// The human documentation at /docs: one HTML page rendering the OpenAPI documents the server serves with Redoc's
// standalone bundle, served from this process (no CDN). The page is a switch between the documents; the script
// files are named by version and content digest, so they can be cached for a year (`immutable`).

export interface DocsDocument {
  /** The value of `?api=` that selects it; the first document is shown without one. */
  id: string;
  title: string;
  titleJa: string;
  /** Where the server serves the document as JSON (same origin). */
  url: string;
}

const assetPrefix = '/docs/assets/';
const require = createRequire(import.meta.url);
const redocDir = dirname(require.resolve('redoc/package.json'));

// The bundle's only load from another host: the Redocly logo in the side menu, an <img> hidden when it fails to load.
// An empty data: URL fails at once, without a request leaving the browser.
const externalLoads: [string, string][] = [['https://cdn.redoc.ly/redoc/logo-mini.svg', 'data:,']];

function redocBundle(): StaticFile {
  let text = readFileSync(join(redocDir, 'bundles/redoc.standalone.js'), 'utf8');
  for (const [url, replacement] of externalLoads) text = text.replaceAll(url, replacement);
  return new StaticFile(text, 'text/javascript; charset=utf-8');
}

// Runs in the browser: picks the document named by `?api=` (else the first) and renders it into #redoc.
const starter = `(() => {
  const tabs = [...document.querySelectorAll('nav a[data-spec]')];
  const wanted = new URLSearchParams(location.search).get('api');
  const current = tabs.find((tab) => tab.dataset.api === wanted) ?? tabs[0];
  current.setAttribute('aria-current', 'page');
  document.title = current.textContent.trim() + ' · machimi API';
  const options = { expandResponses: '200', jsonSampleExpandLevel: 3, scrollYOffset: 'nav', hideHostname: false };
  Redoc.init(current.dataset.spec, options, document.getElementById('redoc'));
})();
`;

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (char) => escapes[char] as string);
}

function pageOf(documents: DocsDocument[], scripts: string[]): string {
  const tabs = documents.map(
    (doc) =>
      `<a href="?api=${escapeHtml(doc.id)}" data-api="${escapeHtml(doc.id)}" data-spec="${escapeHtml(doc.url)}">` +
      `${escapeHtml(doc.title)} <span lang="ja">${escapeHtml(doc.titleJa)}</span></a>`,
  );
  const fallback = documents.map((doc) => `<a href="${escapeHtml(doc.url)}">${escapeHtml(doc.title)}</a>`).join(' · ');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>machimi API</title>
<link rel="icon" href="data:,">
<style>
body { margin: 0; }
nav { position: sticky; top: 0; z-index: 10; display: flex; gap: 4px; padding: 8px 16px; background: #263238;
  font: 15px/1.6 system-ui, sans-serif; }
nav strong { color: #fff; margin-right: 16px; }
nav a { color: #cfd8dc; text-decoration: none; padding: 2px 12px; border-radius: 4px; }
nav a[aria-current] { background: #fff; color: #263238; }
</style>
</head>
<body>
<nav aria-label="API"><strong>machimi</strong>${tabs.join('')}</nav>
<div id="redoc"><noscript>The documents as JSON: ${fallback}</noscript></div>
${scripts.map((src) => `<script src="${escapeHtml(src)}"></script>`).join('\n')}
</body>
</html>
`;
}

// What the page may load, so that a browser refuses any load from another host, whatever a later bundle tries.
// Redoc writes its styles into <style> elements and runs its search index in a worker made from a blob: URL.
const contentSecurityPolicy = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  'worker-src blob:',
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export class DocsSite {
  readonly page: StaticFile;
  readonly #assets = new Map<string, StaticFile>();

  constructor(documents: DocsDocument[]) {
    if (documents.length === 0) throw new Error('/docs needs at least one document to render');
    const version = (require(join(redocDir, 'package.json')) as { version: string }).version;
    const bundle = redocBundle();
    const start = new StaticFile(starter, 'text/javascript; charset=utf-8');
    this.#assets.set(`redoc-${version}-${bundle.digest}.js`, bundle);
    this.#assets.set(`docs-${start.digest}.js`, start);
    const scripts = [...this.#assets.keys()].map((name) => `${assetPrefix}${name}`);
    this.page = new StaticFile(pageOf(documents, scripts), 'text/html; charset=utf-8', {
      'content-security-policy': contentSecurityPolicy,
    });
  }

  /** The asset served at /docs/assets/<name>; not_found for any other name. */
  asset(name: string): StaticFile {
    const file = this.#assets.get(name);
    if (!file) throw new ApiError('not_found', `No asset ${name}; GET /docs names the current ones`);
    return file;
  }
}
