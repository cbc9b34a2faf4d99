import { ApiError } from '../errors.ts';
import type { Logger } from '../log.ts';
import { type BuiltSite, buildSite } from '../map/assets.ts';
import { StaticFile } from './static-file.ts';

// The map page (GET /) and its files (GET /map/assets/{file}), built from web/ once at start (core/map/assets.ts)
// and held in memory. Each file is compressed in both codings right after start, on the thread pool, so no visitor
// waits for brotli 9 on a map library of a megabyte.

// What the page may load, so that a browser refuses any load from another host. The map library draws in workers it
// starts from blob: URLs and reads its images as blobs.
const contentSecurityPolicy = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  'child-src blob:',
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export class MapSite {
  readonly page: StaticFile;
  readonly #assets = new Map<string, StaticFile>();
  #precompressed: Promise<void> | undefined;

  constructor(built: BuiltSite = buildSite()) {
    this.page = new StaticFile(built.page.bytes, built.page.contentType, {
      'content-security-policy': contentSecurityPolicy,
    });
    for (const [name, file] of built.assets) this.#assets.set(name, new StaticFile(file.bytes, file.contentType));
  }

  /** The file served at /map/assets/<name>; not_found for any other name. */
  asset(name: string): StaticFile {
    const file = this.#assets.get(name);
    if (!file) throw new ApiError('not_found', `No file ${name}; GET / names the current ones`);
    return file;
  }

  /** Compresses every file in both codings now, once; failures are logged. */
  precompress(log: Logger): Promise<void> {
    if (this.#precompressed) return this.#precompressed;
    const files = [this.page, ...this.#assets.values()];
    const work = files.flatMap((file) => [file.compressed('gzip'), file.compressed('br')]);
    this.#precompressed = Promise.all(work).then(
      () => undefined,
      (error: unknown) => log.warn({ err: error }, 'map page files not compressed ahead'),
    );
    return this.#precompressed;
  }
}

let shared: MapSite | undefined;

/** The site built from web/, once per process (servers assembled in one process share it). */
export function sharedMapSite(): MapSite {
  shared ??= new MapSite();
  return shared;
}
