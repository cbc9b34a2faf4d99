import { beforeAll, describe, expect, it } from 'vitest';
import { loadTokenizer, type TokenizeText } from '../../../core/scenery-search/tokenizer.ts';

let tokenize: TokenizeText;

beforeAll(async () => {
  tokenize = await loadTokenizer();
}, 30_000);

// Found by schemathesis: a search query holding a NUL (or a lone surrogate, both valid in a JSON string) made
// kuromoji throw, and POST /explore/api/search answered 500.
describe('tokenizer: characters kuromoji cannot read', () => {
  it.each([
    ['a NUL', '石畳\u0000の坂道'],
    ['a lone high surrogate', '石畳\ud800の坂道'],
    ['a lone low surrogate', '\udc00石畳の坂道'],
  ])('%s does not throw, and offsets still cover the text', (_name, text) => {
    const tokens = tokenize(text);
    expect(tokens.at(-1)?.end).toBe(text.length);
    expect(tokens.map((token) => token.surface).join('')).toHaveLength(text.length);
    expect(tokens.some((token) => token.surface.includes('坂道') || token.basic === '坂道')).toBe(true);
  });
});
