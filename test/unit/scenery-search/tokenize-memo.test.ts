import { describe, expect, it } from 'vitest';
import {
  MEMO_TEXT_MAX,
  memoTokenize,
  type QueryToken,
  type TokenizeText,
} from '../../../core/scenery-search/tokenizer.ts';

function counted(): { tokenize: TokenizeText; calls: string[] } {
  const calls: string[] = [];
  const tokenize: TokenizeText = (text) => {
    calls.push(text);
    return [...text].map((surface, i) => token(surface, i));
  };
  return { tokenize, calls };
}

function token(surface: string, start: number): QueryToken {
  const fields = { pos: '名詞', detail: '一般', detail2: '*', basic: surface, reading: surface, known: true };
  return { surface, start, end: start + surface.length, ...fields };
}

// The engine's start tokenises the same catalogue wordings for several tables; each is read by kuromoji once.
describe('memoTokenize: a short text is tokenised once', () => {
  it('answers a repeated short text from the memo, with tokens equal to the first answer', () => {
    const { tokenize, calls } = counted();
    const memo = memoTokenize(tokenize);
    const first = memo('石畳の坂道');
    const again = memo('石畳の坂道');
    expect(again).toEqual(first);
    expect(calls).toEqual(['石畳の坂道']);
  });

  it('hands out copies: a caller changing its tokens changes no later answer', () => {
    const memo = memoTokenize(counted().tokenize);
    const first = memo('桜並木');
    (first[0] as QueryToken).basic = 'changed';
    first.pop();
    expect(memo('桜並木')).toEqual(counted().tokenize('桜並木'));
  });

  it('tokenises a text longer than the memo keeps every time', () => {
    const { tokenize, calls } = counted();
    const memo = memoTokenize(tokenize);
    const long = '石'.repeat(MEMO_TEXT_MAX + 1);
    memo(long);
    memo(long);
    expect(calls).toEqual([long, long]);
  });
});
