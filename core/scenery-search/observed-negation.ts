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
 *
 * A word handed to a predicate that modifies a noun (住宅地の中を通る道は見られない, 公園で遊ぶ子どもはいない) is
 * denied with that noun only when the caller names the noun (kana-folded) as the word's own head (道 of 住宅地の道):
 * the clause then denies the thing the word describes, where it otherwise denies something else in or near it.
 * A verb's 〜そう closing the clause (雨が降り出しそうだ) states no more than a denial does (foretold).
 */
import { foldKana } from './normalize.ts';
import type { QueryToken, TokenizeText } from './tokenizer.ts';

const CLAUSE_END = /[。\n!?！？]/u;
const NEGATION_MARKER = /ない|無い|無く|なく|なし|無し|ず|ぬ|ません|そう/u;
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
export function deniedInClause(
  clause: string,
  wordLength: number,
  tokenize: TokenizeText,
  heads?: ReadonlySet<string>,
): boolean {
  if (!NEGATION_MARKER.test(clause.slice(wordLength))) return false;
  const key = `${wordLength}:${clause}`;
  let denial = recent.get(key);
  if (denial === undefined) {
    if (recent.size >= RECENT_LIMIT) recent.clear();
    denial = readDenial(tokenize(clause), wordLength);
    recent.set(key, denial);
  }
  return denial === true || (typeof denial === 'string' && heads?.has(denial) === true);
}

// Model output repeats its clauses a lot (歩道はない): the last few thousand answers are kept, then dropped at once.
const RECENT_LIMIT = 4096;
const recent = new Map<string, Denial>();

/** Denied, not denied, or the head noun of a denied noun phrase that a predicate taking the word modifies. */
type Denial = boolean | string;

function readDenial(tokens: QueryToken[], wordLength: number): Denial {
  const i = tokens.findIndex((t) => t.end > wordLength);
  if (i < 0) return false;
  // A conjugating word cut by the match (咲|いていない), or one the match ends on (見え|ていない), starts the
  // predicate itself.
  const first = tokens[i] as QueryToken;
  const last = tokens[i - 1];
  const ownVerb = last !== undefined && last.end === wordLength && (last.pos === '動詞' || last.pos === '形容詞');
  return readFrom(tokens, i, ownVerb || (first.start < wordLength && CHAIN.has(first.pos)), true);
}

/** The head noun of the noun phrase that the predicate starting at `i` modifies, when it is denied. */
function deniedHead(tokens: QueryToken[], i: number): Denial {
  let k = i;
  while (k < tokens.length && (tokens[k] as QueryToken).pos === '副詞') k++;
  if (!CHAIN.has(tokens[k]?.pos ?? '')) return false;
  while (k < tokens.length && inChain(tokens[k] as QueryToken)) if (negates(tokens[k++] as QueryToken)) return false;
  if (tokens[k]?.pos !== '名詞') return false;
  while (tokens[k + 1]?.pos === '名詞') k++;
  return readFrom(tokens, k + 1, false, false) === true ? foldKana((tokens[k] as QueryToken).surface) : false;
}

/**
 * A verb's 〜そう closing the clause (雨が降り出しそうである): what is about to happen, which the scene does not show
 * yet. One that modifies a noun (倒れそうな電柱) describes how that thing looks, and an adjective's (古そうな) is a hedge.
 */
function foretold(tokens: QueryToken[], i: number): boolean {
  const t = tokens[i] as QueryToken;
  if (t.surface !== 'そう' || t.detail !== '接尾' || tokens[i - 1]?.pos !== '動詞') return false;
  const next = tokens[i + 1];
  return !(next && (next.surface === 'な' || next.surface === 'の') && tokens[i + 2]?.pos === '名詞');
}

// Particles that close the word's noun phrase as a subject or topic (看板が, 歩道は, 電柱も).
const SUBJECT_PARTICLES = new Set(['は', 'が', 'も']);
// Nouns after the subject that still count or time the denial of it (一本もない, 一切ない, 今はない), not a noun of
// their own.
const QUANTIFYING_NOUNS = new Set(['数', '副詞可能', '接尾', '代名詞', '非自立']);

/**
 * Whether a content noun after the word's subject particle starts a noun phrase of its own (看板が統一感なく, 歩道は
 * 段差がない): a negation that follows denies that noun, which only qualifies the word.
 */
function startsOwnPhrase(t: QueryToken, subjectClosed: boolean): boolean {
  return subjectClosed && t.pos === '名詞' && !QUANTIFYING_NOUNS.has(t.detail);
}

function readFrom(tokens: QueryToken[], from: number, predicate: boolean, handOver: boolean): Denial {
  let inPredicate = predicate;
  let subjectClosed = false;
  let otherNoun = false;
  for (let i = from; i < tokens.length; i++) {
    const t = tokens[i] as QueryToken;
    if (!inPredicate) {
      if (negates(t)) return !otherNoun;
      if (t.pos === '名詞' || t.pos === '副詞' || t.pos === '連体詞' || t.pos === '接頭詞') {
        otherNoun ||= startsOwnPhrase(t, subjectClosed);
        continue;
      }
      if (PHRASE_PARTICLES.has(t.basic) && (t.pos === '助詞' || t.pos === '助動詞')) {
        subjectClosed ||= t.pos === '助詞' && SUBJECT_PARTICLES.has(t.basic);
        continue;
      }
      if (t.pos === '記号' && PHRASE_SYMBOLS.has(t.surface)) continue;
      // Another particle (を, で, に …) hands the word to a predicate of its own.
      if (!CHAIN.has(t.pos)) return handOver && t.pos === '助詞' ? deniedHead(tokens, i + 1) : false;
      inPredicate = true;
      subjectClosed = false;
      otherNoun = false;
    }
    if (foretold(tokens, i)) return true;
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
