// What the client build and its check share: the specs they are generated from, where they go, and their version.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load } from 'js-yaml';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const outDir = join(root, '.clients');

export const faces = [
  { spec: 'spec/place-lookup.openapi.yaml', python: 'machimi_place_lookup' },
  { spec: 'spec/scenery-search.openapi.yaml', python: 'machimi_scenery_search' },
] as const;

/**
 * The packages' version: the major is the APIs' (`info.version` `v1`, `explore-v1`), so a breaking API (a /v2) is a
 * new major; minor and patch are machimi's own, which moves with every compatible change to the specs.
 */
export function clientVersion(): string {
  const majors = new Set(
    faces.map((face) => {
      const { info } = load(readFileSync(join(root, face.spec), 'utf8')) as { info: { version: string } };
      const major = /(?:^|-)v(\d+)$/.exec(info.version)?.[1];
      if (!major) throw new Error(`${face.spec}: info.version ${info.version} does not end in v<major>`);
      return major;
    }),
  );
  if (majors.size !== 1) throw new Error(`the specs' API majors differ (${[...majors]}): one client package needs one`);
  const own = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version as string;
  const [, minor, patch] = own.split('.');
  return `${[...majors][0]}.${minor}.${patch}`;
}
