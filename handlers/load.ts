import { readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Handler, HandlerMap } from '../core/context.ts';

// Handlers are found by file name: handlers/<face>/<operationId>.ts, each with a default export.

export type FaceDir = 'place-lookup' | 'scenery-search' | 'service' | 'map';

export function handlerDir(face: FaceDir): string {
  return fileURLToPath(new URL(`./${face}/`, import.meta.url));
}

export async function loadHandlers(face: FaceDir): Promise<HandlerMap> {
  const dir = handlerDir(face);
  const files = (await readdir(dir)).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));
  const entries = await Promise.all(
    files.map(async (file) => {
      const module = (await import(new URL(file, `file://${dir}`).href)) as { default?: unknown };
      if (typeof module.default !== 'function')
        throw new Error(`${face}/${file} must default-export a handler function`);
      return [file.replace(/\.ts$/, ''), module.default as Handler] as const;
    }),
  );
  return Object.fromEntries(entries);
}
