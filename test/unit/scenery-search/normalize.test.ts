import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FOLD_TABLE,
  foldForSearch,
  foldKana,
  foldWithOffsets,
  isNfkcStable,
  normalizeWidth,
} from '../../../core/scenery-search/normalize.ts';
import { binaryString } from '../../helpers/binary-text.ts';

describe('normalisation', () => {
  it.each([
    ['ＡＢＣ１２３', 'abc123'],
    ['ｲｼﾀﾞﾀﾐ', 'いしだたみ'],
    ['イシダタミ', 'いしだたみ'],
    ['石畳　の　坂道', '石畳 の 坂道'],
    ['  レトロな   看板 ', 'れとろな 看板'],
    ['ヴィンテージ', 'ゔぃんてーじ'],
    ['ＬＲＴ', 'lrt'],
  ])('folds %s to %s', (input, folded) => {
    expect(foldForSearch(input)).toBe(folded);
  });

  it('keeps what it shows the client in NFKC with collapsed whitespace, not folded', () => {
    expect(normalizeWidth('ｱｰｹｰﾄﾞ\t商店街')).toBe('アーケード 商店街');
  });

  it('keeps the length of what it folds, so offsets survive', () => {
    fc.assert(
      fc.property(binaryString(), (text) => {
        expect(foldKana(text)).toHaveLength(text.length);
      }),
    );
  });

  it('folds through one table, the same way for the query and the index', () => {
    expect(String.fromCharCode(FOLD_TABLE['カ'.charCodeAt(0)] as number)).toBe('か');
    expect(String.fromCharCode(FOLD_TABLE['Q'.charCodeAt(0)] as number)).toBe('q');
    expect(FOLD_TABLE['ー'.charCodeAt(0)]).toBe('ー'.charCodeAt(0));
  });

  it('skips NFKC only for characters NFKC leaves alone (checked over the whole BMP)', () => {
    for (let code = 0; code <= 0xffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const ch = String.fromCharCode(code);
      if (isNfkcStable(ch)) expect(ch.normalize('NFKC'), `U+${code.toString(16)}`).toBe(ch);
    }
    expect(isNfkcStable('石畳の坂道、アーケード。ABC')).toBe(true);
    expect(isNfkcStable('ｶﾞｰﾄﾞ下')).toBe(false);
  });

  it('never lets a stable character combine with the next one', () => {
    // Composition needs a combining mark after a base; none of them is on the stable list.
    expect(isNfkcStable('か\u3099')).toBe(false);
    expect(isNfkcStable('e\u0301')).toBe(false);
  });

  it('maps folded offsets back to the original when NFKC changes lengths', () => {
    const text = '㈱の前に石畳';
    const { folded, toOriginal } = foldWithOffsets(text);
    expect(folded).toBe('(株)の前に石畳');
    const at = folded.indexOf('石畳');
    expect(text.slice(toOriginal?.[at], toOriginal?.[at + 2])).toBe('石畳');
  });

  it('agrees with NFKC + fold for any text, stable or not', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('ｶ', 'ﾞ', 'ア', 'あ', '石', 'Ａ', 'a', '　', '㈱', '。') }),
        (text) => {
          expect(foldWithOffsets(text).folded).toBe(foldKana(text.normalize('NFKC')));
        },
      ),
    );
  });
});
