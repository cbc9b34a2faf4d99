/**
 * Exact wording checks for one page. The served index keeps no texts, so a wording of three characters or more is
 * looked up by its bigrams, a superset (「坂の上に海が広がる。遠くに人が見える。」 holds every bigram of 海が見える). A
 * page reads its candidates' observations anyway (the judge's, the results'); once a candidate's text is known here,
 * a bigram "yes" is checked against it, so scores and the conditions reported as met are those of an exact index.
 * A "yes" given before the text is known is remembered as doubtful: a page reads such a candidate before showing it,
 * and ranks it again.
 */
import { indexedText } from './corpus.ts';
import type { SearchableObservation } from './observation-text.ts';
import type { TextIndex } from './text-index.ts';

/** Whether a document's text contains a folded term. */
export type TermCheck = (doc: number, term: string) => boolean;

export class PageTexts {
  // An observation's text is folded when a wording is first checked in it (most candidates need none).
  private readonly texts = new Map<number, string | SearchableObservation>();
  private readonly doubted = new Set<number>();

  private readonly index: TextIndex;

  constructor(index: TextIndex) {
    this.index = index;
  }

  /** Records the text of a candidate whose observation the page has read. */
  add(doc: number, observation: SearchableObservation): void {
    if (this.index.exact || this.texts.has(doc)) return;
    this.texts.set(doc, observation);
    this.doubted.delete(doc);
  }

  readonly has: TermCheck = (doc, term) => {
    if (!this.index.docHasTerm(doc, term)) return false;
    // One bigram or one character is looked up as itself; the index answers exactly.
    if (this.index.exact || term.length <= 2) return true;
    let text = this.texts.get(doc);
    if (text !== undefined && typeof text !== 'string') {
      text = indexedText(text);
      this.texts.set(doc, text);
    }
    if (text !== undefined) return text.includes(term);
    this.doubted.add(doc);
    return true;
  };

  /** Whether the document was answered "yes" by its bigrams alone, its text not known then nor since. */
  doubts(doc: number): boolean {
    return this.doubted.has(doc);
  }

  knows(doc: number): boolean {
    return this.index.exact || this.texts.has(doc);
  }
}
