/**
 * Builds core/scenery-search/meaning/thesaurus.json from SudachiDict's synonym dictionary (npm
 * sudachi-synonyms-dictionary, Apache-2.0, a devDependency) and the catalogue: for every synonym group that contains
 * a catalogue label or synonym of exactly one category, the group's other words map to that wording; a group with
 * none but an English word that is one category's English label (ウェアハウス, Warehouse) maps to that label. Words
 * that would lead to two categories are left out, and so are words of one character and the catalogue's own wordings.
 * `--check` fails when the committed file differs (the unit tests run the same comparison).
 *
 * Sudachi marks each word's use in expansion: 2 (never expanded) is skipped; 1 (not a trigger of a full-text
 * expansion, mostly loanwords such as ガーデン) is kept, because here a word leads to one category only and the
 * match is shown as `thesaurus` at a lower weight than the catalogue's own wording.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { CATEGORIES_FILE, loadCatalog, type SearchCategory } from '../core/scenery-search/categories.ts';
import { englishPhrases, labelWord } from '../core/scenery-search/meaning/english.ts';
import type { ThesaurusFile } from '../core/scenery-search/meaning/thesaurus.ts';
import { THESAURUS_FILE } from '../core/scenery-search/meaning/thesaurus.ts';
import { foldForSearch } from '../core/scenery-search/normalize.ts';

interface SynonymItem {
  midashi: string;
  vocabularyNumber: number;
  expandControl: number;
}

interface SynonymGroup {
  id: string;
  items: SynonymItem[];
}

const PACKAGE = 'sudachi-synonyms-dictionary';

function readDictionary(): { groups: SynonymGroup[]; version: string } {
  // The package exports only its loader: its files are read from the folder of its entry point.
  const dir = dirname(createRequire(import.meta.url).resolve(PACKAGE));
  const version = (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
  const groups = JSON.parse(readFileSync(join(dir, `${PACKAGE}.json`), 'utf8'));
  return { groups: groups as SynonymGroup[], version };
}

/**
 * A group without a Japanese catalogue wording may still hold an English word that is a category's English label
 * (ウェアハウス with Warehouse): its words then lead to that category's label. The English word must name one
 * category and sit in one group only.
 */
function englishAnchors(categories: readonly SearchCategory[], groups: SynonymGroup[]) {
  const byPhrase = new Map<string, SearchCategory | null>();
  for (const c of categories) {
    for (const phrase of englishPhrases(c)) {
      const known = byPhrase.get(phrase);
      byPhrase.set(phrase, known === undefined || known?.id === c.id ? c : null);
    }
  }
  const groupCount = new Map<string, number>();
  for (const group of groups) {
    for (const word of new Set(group.items.map((i) => i.midashi.toLowerCase()))) {
      if (byPhrase.get(word)) groupCount.set(word, (groupCount.get(word) ?? 0) + 1);
    }
  }
  return {
    anchorOf(items: readonly SynonymItem[]): { key: string; category: string } | null {
      const found = new Set<SearchCategory>();
      for (const item of items) {
        const word = item.midashi.toLowerCase();
        const category = byPhrase.get(word);
        if (category && groupCount.get(word) === 1) found.add(category);
      }
      const category = found.size === 1 ? ([...found][0] as SearchCategory) : null;
      return category ? { key: labelWord(category), category: category.id } : null;
    },
  };
}

export function buildThesaurusFile(): ThesaurusFile {
  const catalogueText = readFileSync(CATEGORIES_FILE, 'utf8');
  const catalog = loadCatalog();
  const wordingCategory = new Map<string, string>();
  // Wordings as the catalogue writes them, hiragana-only ones left out: those are kana spellings of a kanji word,
  // shared with unrelated words (はし: bridge and chopsticks), so they anchor no group.
  const anchorWordings = new Set<string>();
  for (const c of catalog.categories) {
    for (const w of [c.label, ...c.synonyms]) {
      const key = foldForSearch(w);
      if (!wordingCategory.has(key)) wordingCategory.set(key, c.id);
      if (!/^[\u3041-\u3096ー]+$/u.test(w)) anchorWordings.add(w.normalize('NFKC'));
    }
  }
  const { groups, version } = readDictionary();
  // A wording found in several groups is a homograph there (ばす: bus and bath; はし: bridge and chopsticks): it
  // anchors no group, or the other sense's words would lead to this category.
  const groupsOf = new Map<string, number>();
  for (const group of groups) {
    for (const key of new Set(group.items.map((i) => foldForSearch(i.midashi)))) {
      if (wordingCategory.has(key)) groupsOf.set(key, (groupsOf.get(key) ?? 0) + 1);
    }
  }
  const english = englishAnchors(catalog.categories, groups);
  const found = new Map<string, { wording: string; category: string }[]>();
  for (const group of groups) {
    const items = group.items.map((i) => ({ ...i, key: foldForSearch(i.midashi) }));
    // Only the group's head word (its first vocabulary number) names the group's sense: a catalogue wording met
    // further down is often a kana spelling shared with another word (いそ for ISO, あめ for 飴).
    const head = Math.min(...items.map((i) => i.vocabularyNumber));
    const anchors = items.filter(
      (i) =>
        i.vocabularyNumber === head && anchorWordings.has(i.midashi.normalize('NFKC')) && groupsOf.get(i.key) === 1,
    );
    const categories = new Set(anchors.map((a) => wordingCategory.get(a.key)));
    const anchor =
      categories.size === 1
        ? { key: (anchors[0] as { key: string }).key, category: [...categories][0] as string }
        : anchors.length === 0
          ? english.anchorOf(items)
          : null;
    if (!anchor) continue;
    for (const item of items) {
      if (item.expandControl === 2 || item.key.length < 2 || wordingCategory.has(item.key)) continue;
      const list = found.get(item.key) ?? [];
      list.push({ wording: anchor.key, category: anchor.category });
      found.set(item.key, list);
    }
  }
  const terms: Record<string, string> = {};
  for (const key of [...found.keys()].sort()) {
    const list = found.get(key) as { wording: string; category: string }[];
    if (new Set(list.map((l) => l.category)).size === 1) terms[key] = (list[0] as { wording: string }).wording;
  }
  return {
    source: `${PACKAGE} ${version} (SudachiDict synonyms, Apache-2.0)`,
    license: 'Apache-2.0',
    catalogue_sha256: createHash('sha256').update(catalogueText).digest('hex'),
    terms,
  };
}

export function renderThesaurusFile(file: ThesaurusFile): string {
  return `${JSON.stringify(file, null, 2)}\n`;
}

if (import.meta.main) {
  const text = renderThesaurusFile(buildThesaurusFile());
  if (process.argv.includes('--check')) {
    if (readFileSync(THESAURUS_FILE, 'utf8') !== text) {
      console.error('thesaurus.json is stale: run node scripts/build-thesaurus.ts');
      process.exit(1);
    }
  } else {
    writeFileSync(THESAURUS_FILE, text);
    console.log(`build-thesaurus: ${Object.keys(JSON.parse(text).terms).length} terms`);
  }
}
