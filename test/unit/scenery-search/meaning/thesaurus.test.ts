import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../../../core/scenery-search/categories.ts';
import { buildLexicon } from '../../../../core/scenery-search/lexicon.ts';
import { THESAURUS_FILE, type ThesaurusFile } from '../../../../core/scenery-search/meaning/thesaurus.ts';
import { buildThesaurusFile, renderThesaurusFile } from '../../../../scripts/build-thesaurus.ts';

describe('thesaurus.json', () => {
  it('is what scripts/build-thesaurus.ts makes from the dictionary and the catalogue (regenerate it when this fails)', () => {
    expect(readFileSync(THESAURUS_FILE, 'utf8')).toBe(renderThesaurusFile(buildThesaurusFile()));
  }, 30_000);

  it('leads every word to a catalogue wording, and holds none of the catalogue’s own', () => {
    const file = JSON.parse(readFileSync(THESAURUS_FILE, 'utf8')) as ThesaurusFile;
    const lexicon = buildLexicon(loadCatalog());
    expect(file.license).toBe('Apache-2.0');
    for (const [term, wording] of Object.entries(file.terms)) {
      expect(lexicon.entries.has(wording), wording).toBe(true);
      expect(lexicon.entries.has(term), term).toBe(false);
    }
  });
});
