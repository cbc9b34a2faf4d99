/**
 * The observation tagger against the real catalogue, as the tagging-rule tests read one text: a summary with no
 * analysis, its NFKC form as the one segment; the categories tagged present and absent, by id, sorted.
 */
import { loadTagger } from '../../../core/scenery-search/observation-tagger.ts';
import { testCatalog } from './fixture.ts';

export type TagText = (text: string) => { present: string[]; absent: string[] };

export async function loadTextTagger(): Promise<TagText> {
  const catalog = testCatalog();
  const tagger = await loadTagger(catalog);
  const ids = (indexes: Iterable<number>) => [...indexes].map((i) => catalog.categories[i]?.id as string).sort();
  return (text) => {
    const found = tagger.tag({ summary: text, analysis: null }, [text.normalize('NFKC')]);
    return { present: ids(found.present), absent: ids(found.absent) };
  };
}
