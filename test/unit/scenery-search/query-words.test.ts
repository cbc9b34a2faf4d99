import { beforeAll, describe, expect, it } from 'vitest';
import { isFunctionToken } from '../../../core/scenery-search/query-words.ts';
import { loadTokenizer, type TokenizeText } from '../../../core/scenery-search/tokenizer.ts';

let tokenize: TokenizeText;

beforeAll(async () => {
  tokenize = await loadTokenizer();
}, 30_000);

const functionWords = (text: string) =>
  tokenize(text)
    .filter(isFunctionToken)
    .map((t) => t.surface);

describe('query words: colloquial wording dropped as function words', () => {
  it.each([
    // degree words and emphasis (a doubled consonant, a stretched vowel)
    ['めっちゃ急な坂', ['めっちゃ', 'な']],
    ['すっごい坂', ['すっごい']],
    // sentence-final particles and fillers
    ['坂だよね', ['だ', 'よ', 'ね']],
    ['なんか古い町', ['なんか', '町']],
    // a kana kuromoji could not read, with a symbol
    ['ザ・下町', ['ザ・']],
  ])('%s → %j', (text, expected) => {
    expect(functionWords(text)).toEqual(expected);
  });

  it.each([['石段'], ['ポスト'], ['ごちゃごちゃ'], ['ひっそり'], ['ビュー']])('keeps the content word %s', (text) => {
    expect(functionWords(text)).toEqual([]);
  });
});
