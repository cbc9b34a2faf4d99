/**
 * Builds the character n-gram index over folded observation text (see text-index.ts for what it answers). While a
 * document is read, the builder also reports which registered phrases (category evidence) start at each position:
 * the bigram lookup it does anyway finds them, so tagging costs almost nothing extra.
 */
import { packGrams } from './gram-store.ts';
import { bigramKey, IntIdTable, unigramKey } from './int-table.ts';
import { FOLD_TABLE, foldKana } from './normalize.ts';
import { isHiragana, SEGMENT_SEPARATOR, TextIndex } from './text-index.ts';

const SEPARATOR_CODE = 10;

export interface PhraseHit {
  phrase: number;
  /** Index of the segment and offset in it. */
  segment: number;
  start: number;
}

export class TextIndexBuilder {
  private readonly grams = new IntIdTable(1 << 16);
  // Per gram: a growable typed list and its length; typed arrays keep the build off the garbage collector's path.
  private lists: Uint32Array[] = [];
  private counts = new Int32Array(1 << 12);
  private lastDoc = new Int32Array(1 << 12).fill(-1);
  private phraseStarts: (number[] | undefined)[] = [];
  private phrases: string[] = [];
  private readonly texts: string[] | null;
  docCount = 0;

  constructor(options: { keepTexts?: boolean } = {}) {
    this.texts = options.keepTexts ? [] : null;
  }

  /** Phrases (already folded, at least two characters) whose occurrences addDocument should report. */
  registerPhrases(phrases: readonly string[]): void {
    this.phrases = [...phrases];
    this.phrases.forEach((phrase, index) => {
      if (phrase.length < 2) throw new Error(`phrase ${JSON.stringify(phrase)} is shorter than two characters`);
      const id = this.gramId(bigramKey(phrase.charCodeAt(0), phrase.charCodeAt(1)));
      const starts = this.phraseStarts[id] ?? [];
      starts.push(index);
      this.phraseStarts[id] = starts;
    });
  }

  private gramId(key: number): number {
    const id = this.grams.intern(key);
    if (id === this.lists.length) {
      this.lists.push(new Uint32Array(4));
      if (id >= this.counts.length) {
        const counts = new Int32Array(this.counts.length * 2);
        counts.set(this.counts);
        this.counts = counts;
        const last = new Int32Array(this.lastDoc.length * 2).fill(-1);
        last.set(this.lastDoc);
        this.lastDoc = last;
      }
    }
    return id;
  }

  private post(id: number, doc: number): void {
    if (this.lastDoc[id] === doc) return;
    this.lastDoc[id] = doc;
    let list = this.lists[id] as Uint32Array;
    const n = this.counts[id] as number;
    if (n === list.length) {
      const grown = new Uint32Array(n * 2);
      grown.set(list);
      this.lists[id] = list = grown;
    }
    list[n] = doc;
    this.counts[id] = n + 1;
  }

  /** Whether `phrase` starts at `at` of the segment, comparing folded characters. */
  private phraseAt(segment: string, at: number, phrase: string): boolean {
    if (at + phrase.length > segment.length) return false;
    for (let k = 2; k < phrase.length; k++) {
      if (FOLD_TABLE[segment.charCodeAt(at + k)] !== phrase.charCodeAt(k)) return false;
    }
    return true;
  }

  /**
   * Adds one document made of NFKC-normalised segments (folded here, character by character, without building
   * new strings); returns the registered phrases found in it, in text order.
   */
  addDocument(segments: readonly string[]): PhraseHit[] {
    const doc = this.docCount++;
    if (this.texts)
      this.texts.push(foldKana(segments.map((s) => s.replaceAll(SEGMENT_SEPARATOR, ' ')).join(SEGMENT_SEPARATOR)));
    const hits: PhraseHit[] = [];
    for (let seg = 0; seg < segments.length; seg++) {
      const text = segments[seg] as string;
      const n = text.length;
      let c = n > 0 ? (FOLD_TABLE[text.charCodeAt(0)] as number) : 0;
      for (let i = 0; i < n; i++) {
        const d = i + 1 < n ? (FOLD_TABLE[text.charCodeAt(i + 1)] as number) : 0;
        if (c !== SEPARATOR_CODE && c !== 0) {
          if (!isHiragana(c)) this.post(this.gramId(unigramKey(c)), doc);
          if (d !== 0 && d !== SEPARATOR_CODE) {
            const id = this.gramId(bigramKey(c, d));
            this.post(id, doc);
            const starts = this.phraseStarts[id];
            if (starts !== undefined) {
              for (const phrase of starts) {
                if (this.phraseAt(text, i, this.phrases[phrase] as string))
                  hits.push({ phrase, segment: seg, start: i });
              }
            }
          }
        }
        c = d;
      }
    }
    return hits;
  }

  finish(): TextIndex {
    const keys = new Int32Array(this.lists.length);
    this.grams.forEach((key, id) => {
      keys[id] = key;
    });
    const lists = this.lists;
    const counts = this.counts;
    const store = packGrams(keys, (id) => (lists[id] as Uint32Array).subarray(0, counts[id] as number), this.docCount);
    this.lists = [];
    return new TextIndex(store, this.grams, this.texts);
  }
}
