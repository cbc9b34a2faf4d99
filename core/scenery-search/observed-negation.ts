/**
 * Whether the clause after a category word in an observation denies it: 「電柱や電線は見当たらない」, 「歩道はない」,
 * 「花は咲いていない」, 「ガードレールなどは写っていない」, 「段差のない道」. Only a clause that carries a negation
 * marker is tokenised, so the cost stays with the few sentences that need it.
 *
 * From the word's end, the words that still belong to its noun phrase are skipped (more nouns, coordination
 * や・と・、, は・が・も・の, など, らしき, adverbs such as ほとんど); the first predicate is then read with its
 * auxiliaries, and it denies the word when it holds ない / ず / ぬ (見られない, 見当たらず, ありません, なし). Any
 * other particle (に, で, を …) hands the word to another predicate, which then says nothing about it; a predicate
 * that only modifies a following noun (係留されている船は1隻もない) is passed over to the clause's own.
 */
import type { QueryToken, TokenizeText } from './tokenizer.ts';

const CLAUSE_END = /[。\n!?！？]/u;
const NEGATION_MARKER = /ない|無い|無く|なく|なし|無し|ず|ぬ|ません/u;
const NEGATING = new Set(['ない', '無い', 'ぬ', 'ん', 'なし', '無し']);
const PHRASE_PARTICLES = new Set([
  'は',
  'が',
  'も',
  'や',
  'と',
  'の',
  'など',
  'なんか',
  'か',
  'とか',
  'といった',
  'らしい',
]);
const PHRASE_SYMBOLS = new Set(['、', '・', ',', '，']);
const CHAIN = new Set(['動詞', '形容詞', '助動詞']);

function inChain(t: QueryToken): boolean {
  return (
    CHAIN.has(t.pos) || (t.pos === '助詞' && t.detail === '接続助詞') || (t.pos === '名詞' && t.detail === '非自立')
  );
}

function negates(t: QueryToken): boolean {
  return NEGATING.has(t.basic) || NEGATING.has(t.surface);
}

/** The text from a match's start to the end of its sentence (at most 60 characters), where a denial may sit. */
export function clauseAfter(text: string, start: number): string {
  const rest = text.slice(start, start + 60);
  const cut = rest.search(CLAUSE_END);
  return cut < 0 ? rest : rest.slice(0, cut);
}

/**
 * `clause` begins with the matched word (its first `wordLength` characters); whether the rest of the clause denies
 * it. Returns false at once when the clause has no negation marker.
 */
export function deniedInClause(clause: string, wordLength: number, tokenize: TokenizeText): boolean {
  if (!NEGATION_MARKER.test(clause.slice(wordLength))) return false;
  const key = `${wordLength}:${clause}`;
  const known = recent.get(key);
  if (known !== undefined) return known;
  if (recent.size >= RECENT_LIMIT) recent.clear();
  const denied = readDenial(tokenize(clause), wordLength);
  recent.set(key, denied);
  return denied;
}

// Model output repeats its clauses a lot (歩道はない): the last few thousand answers are kept, then dropped at once.
const RECENT_LIMIT = 4096;
const recent = new Map<string, boolean>();

function readDenial(tokens: QueryToken[], wordLength: number): boolean {
  let i = tokens.findIndex((t) => t.end > wordLength);
  if (i < 0) return false;
  // A conjugating word cut by the match (咲|いていない) starts the predicate itself.
  const first = tokens[i] as QueryToken;
  let inPredicate = first.start < wordLength && CHAIN.has(first.pos);
  for (; i < tokens.length; i++) {
    const t = tokens[i] as QueryToken;
    if (!inPredicate) {
      if (negates(t)) return true;
      if (t.pos === '名詞' || t.pos === '副詞' || t.pos === '連体詞' || t.pos === '接頭詞') continue;
      if (PHRASE_PARTICLES.has(t.basic) && (t.pos === '助詞' || t.pos === '助動詞')) continue;
      if (t.pos === '記号' && PHRASE_SYMBOLS.has(t.surface)) continue;
      if (!CHAIN.has(t.pos)) return false;
      inPredicate = true;
    }
    if (!inChain(t)) {
      // A predicate that ends on a noun modified it (係留されている船は…): the clause's own predicate comes later.
      if (t.pos !== '名詞') return false;
      inPredicate = false;
      i--;
      continue;
    }
    if (negates(t)) return true;
  }
  return false;
}
