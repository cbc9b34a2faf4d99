import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { loadSpec, specFiles } from '../../../core/spec.ts';

// The map page turns the specs' enum values into words (`t('status_' + status)`) and colours. A value the specs add
// without a word would reach a person as a raw key such as "reason_negated_word"; a status without a colour would be
// drawn like another. The values are read from spec/, where they are written once.

type Json = Record<string, unknown>;

const web = join(import.meta.dirname, '..', '..', '..', 'web');

/** Runs the page's classic scripts in order against one shared `machimi` namespace. */
function loadScripts(...names: string[]): Json {
  const context = { machimi: {} as Json, globalThis: {} };
  for (const name of names) runInNewContext(readFileSync(join(web, name), 'utf8'), context);
  return context.machimi;
}

function enumOf(spec: keyof typeof specFiles, schema: string): string[] {
  const schemas = (loadSpec(specFiles[spec]).document.components as Json).schemas as Json;
  const node = schemas[schema] as Json;
  const values = (node.enum ?? ((node.properties as Json).reason as Json).enum) as string[];
  expect(values.length, schema).toBeGreaterThan(0);
  return values;
}

const { strings } = loadScripts('strings.js') as { strings: { ja: Json; en: Json } };

describe('the map page words and colours for the specs enum values', () => {
  it('has the same keys in Japanese and English', () => {
    expect(Object.keys(strings.en).sort()).toEqual(Object.keys(strings.ja).sort());
  });

  it('has a word for every key the page and its scripts name literally', () => {
    const html = readFileSync(join(web, 'index.html'), 'utf8');
    const keys = new Set([...html.matchAll(/data-i18n(?:-[a-z-]+)?="([a-z_]+)"/g)].map((found) => found[1]));
    for (const name of readdirSync(web).filter((file) => file.endsWith('.js'))) {
      for (const found of readFileSync(join(web, name), 'utf8').matchAll(/\bt\('([a-z_]+)'/g)) keys.add(found[1]);
    }
    expect(keys.size).toBeGreaterThan(40);
    expect([...keys].filter((key) => typeof strings.ja[key as string] !== 'string')).toEqual([]);
  });

  it.each([
    ['status_', 'map', 'ChangeStatus'],
    ['kind_', 'map', 'AmenityKind'],
    ['reason_', 'scenerySearch', 'IgnoredWording'],
    ['position_', 'placeLookup', 'PositionSource'],
  ] as const)('words every %s value of %s %s', (prefix, spec, schema) => {
    for (const value of enumOf(spec, schema)) {
      expect(strings.ja[`${prefix}${value}`], `ja ${prefix}${value}`).toEqual(expect.any(String));
      expect(strings.en[`${prefix}${value}`], `en ${prefix}${value}`).toEqual(expect.any(String));
    }
  });

  it('names every class of the legend in both languages, each layer with a class of its own per value', () => {
    const { styles } = loadScripts('styles.js') as { styles: { legend: Record<string, { word: [string] }[]> } };
    const words = Object.values(styles.legend).flatMap((entries) => entries.map(({ word: [key] }) => key));
    expect(words.filter((key) => typeof strings.ja[key] !== 'string' || typeof strings.en[key] !== 'string')).toEqual(
      [],
    );
    expect(styles.legend.changes?.length).toBe(enumOf('map', 'ChangeStatus').length);
    expect(styles.legend.amenities?.length).toBe(enumOf('map', 'AmenityKind').length);
    expect(styles.legend.streets?.length).toBe(enumOf('map', 'CoverageGrade').length);
  });

  it('draws each change status and amenity kind in a colour of its own', () => {
    const { styles } = loadScripts('styles.js') as { styles: { changeColours: Json; amenityColours: Json } };
    const statuses = enumOf('map', 'ChangeStatus');
    expect(Object.keys(styles.changeColours).sort()).toEqual([...statuses].sort());
    expect(new Set(Object.values(styles.changeColours)).size).toBe(statuses.length);
    const kinds = enumOf('map', 'AmenityKind');
    expect(Object.keys(styles.amenityColours).sort()).toEqual([...kinds].sort());
    expect(new Set(Object.values(styles.amenityColours)).size).toBe(kinds.length);
  });
});
