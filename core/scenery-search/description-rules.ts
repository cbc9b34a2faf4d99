/**
 * Description rules (tag-descriptions.yaml): a category is described without any of its words when one sentence
 * holds a head concept and a qualifying concept (線路 … 遮断 / 警報 / 点滅 for a railroad crossing). Each concept is
 * a few words; each word is cut by kuromoji once, here, into the morphemes a sentence must hold whole (a verb or
 * adjective by its base form, so 覆われた holds 覆う).
 *
 * Every rule is indexed by its rarer side (scanCost), so a sentence is only looked at when it holds one of that
 * side's words.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { CORE_SCHEMA, load } from 'js-yaml';
import type { CategoryCatalog } from './categories.ts';
import { foldKana } from './normalize.ts';
import type { TokenizeText } from './tokenizer.ts';

export const DESCRIPTIONS_FILE = new URL('./tag-descriptions.yaml', import.meta.url);

export interface WordMorpheme {
  /** Folded surface; for a verb or adjective, its folded base form. */
  form: string;
  conjugates: boolean;
}

export interface ConceptWord {
  written: string;
  morphemes: WordMorpheme[];
  /** What the folded sentence must contain for the word to be there at all (the stem of a verb; a kana reading). */
  needles: string[];
  /** needles[0] as written (katakana kept), which the scan for triggers looks for in the unfolded text. */
  trigger: string;
  /** The folded kana reading of a word of nouns only (電線 → でんせん), matched where the text writes it in kana. */
  reading: string | null;
  /** Its last morpheme is a verb or adjective: the needle is its stem, okurigana follow. */
  conjugates: boolean;
  /** The characters that may follow the stem of its last morpheme when it conjugates (上る: ら り る れ ろ っ …). */
  okurigana: Set<number>;
  /** Lengths of its first and last morphemes (a one-kanji word must stand alone). */
  headLength: number;
  tailLength: number;
}

export interface DescriptionRule {
  category: number;
  /** `category_id/name`, shown as the tag's provenance. */
  name: string;
  /** [trigger side (the rarer one), the other side]. */
  sides: [ConceptWord[], ConceptWord[]];
}

/** The file's rules as written: category id → rule name → 'head words × qualifying words'. */
export type DescriptionTable = Record<string, Record<string, string>>;

const DESCRIPTIONS_TEXT = readFileSync(DESCRIPTIONS_FILE, 'utf8');

/** Changes with the rules file, so a saved index tagged with other rules is rebuilt (observation-tagger.ts). */
export const DESCRIPTIONS_VERSION = createHash('sha256').update(DESCRIPTIONS_TEXT).digest('hex').slice(0, 12);

export function readDescriptionTable(): DescriptionTable {
  return (load(DESCRIPTIONS_TEXT, { schema: CORE_SCHEMA }) as { descriptions: DescriptionTable }).descriptions;
}

const fold = (text: string) => foldKana(text.normalize('NFKC').toLowerCase());
const CONJUGATING = new Set(['動詞', '形容詞']);
const KANA_END = /[\u3041-\u309f]$/u;
const KANA = /^[\u3041-\u309f\u30fc]+$/u;
// A shorter reading (き, ぼう) is spelt by too many other words.
const MIN_READING = 3;

// The first kana of each conjugated form, by the base form's last kana (五段 rows with their 音便; る also 一段, whose
// stem keeps its own kana: 伸び|る, 伸び|た, 伸び|ない; い the adjectives: 丸|く, 丸|かった, 丸|み, but not the
// hedged degree 丸|め, observation-tagger.ts). Not the volitional or imperative ろ of る, which no description uses
// and which is the stem of another verb (下|ろす, 降|ろす, 下|る).
const OKURIGANA: Record<string, string> = {
  う: 'わいうえおっ',
  く: 'かきくけこい',
  ぐ: 'がぎぐげごい',
  す: 'さしすせそ',
  つ: 'たちつてとっ',
  ぬ: 'なにぬねのん',
  ぶ: 'ばびぶべぼん',
  む: 'まみむめもん',
  る: 'らりるれったてなまずよ',
  い: 'いくかけさそすみ',
};

// The い- and え-row kana a 一段 verb's stem ends on (伸び|る, 割れ|る); a 五段 stem of kana ends elsewhere (上が|る).
const ICHIDAN_STEM_END = /[いきぎしじちぢにひびぴみりえけげせぜてでねへべぺめれ]る$/u;
// The stem of a 一段 verb alone is its 連用形, which ends a clause before a comma (窓が割れ、屋根も傷む).
const CLAUSE_COMMA = '、,';

function okuriganaOf(m: WordMorpheme): Set<number> {
  let kana = m.conjugates ? (OKURIGANA[m.form.at(-1) as string] ?? '') : '';
  if (m.conjugates && m.form.length > 2 && ICHIDAN_STEM_END.test(m.form)) kana += CLAUSE_COMMA;
  return new Set([...kana].map((c) => c.charCodeAt(0)));
}

export function conceptWord(written: string, tokenize: TokenizeText): ConceptWord {
  const tokens = tokenize(written.normalize('NFKC').toLowerCase());
  const morphemes: WordMorpheme[] = tokens.map((t) => {
    const conjugates = CONJUGATING.has(t.pos) && KANA_END.test(t.basic);
    return { form: fold(conjugates ? t.basic : t.surface), conjugates };
  });
  const last = morphemes.at(-1) as WordMorpheme;
  const stem = last.conjugates && last.form.length > 1 ? last.form.slice(0, -1) : last.form;
  // The morphemes before the last as written: a verb heading a compound keeps its 連用形 (混み|合う, not 混む合).
  const prefix = tokens
    .slice(0, -1)
    .map((t) => fold(t.surface))
    .join('');
  const read = fold(tokens.map((t) => t.reading).join(''));
  const reading =
    tokens.every((t) => t.pos === '名詞' && t.known) && KANA.test(read) && read.length >= MIN_READING ? read : null;
  const needles = [prefix + stem];
  // The needle as written (katakana kept): the scan for triggers reads the unfolded text, where katakana are rare.
  const lastToken = tokens.at(-1) as (typeof tokens)[number];
  const writtenLast = last.conjugates ? lastToken.basic.slice(0, stem.length) : lastToken.surface;
  const trigger = tokens
    .slice(0, -1)
    .map((t) => t.surface)
    .join('')
    .concat(writtenLast);
  if (reading !== null && reading !== needles[0]) needles.push(reading);
  return {
    written,
    morphemes,
    needles,
    trigger: foldKana(trigger) === needles[0] ? trigger : (needles[0] as string),
    reading,
    conjugates: last.conjugates,
    okurigana: okuriganaOf(last),
    headLength: morphemes.length === 1 && last.conjugates ? stem.length : (morphemes[0] as WordMorpheme).form.length,
    tailLength: last.conjugates ? stem.length : last.form.length,
  };
}

/**
 * How often a side's words are met in observations, estimated by the catalogue's own meaning: for each word, the
 * number of categories whose wording (label, synonyms, evidence; folded like the index) holds it. A word of many
 * categories (路面, 歩道, 建物, 空) names what most street scenes hold; a word of a few names one kind of thing
 * (レンガ, ガラス管), rarer in any text whatever how often the catalogue repeats it for those few.
 */
function scanCost(side: ConceptWord[], wordings: readonly string[]): number {
  let cost = 0;
  for (const w of side) for (const wording of wordings) if (wording.includes(w.needles[0] as string)) cost++;
  return cost;
}

export function compileDescriptions(
  catalog: CategoryCatalog,
  tokenize: TokenizeText,
  table: DescriptionTable = readDescriptionTable(),
): DescriptionRule[] {
  const words = new Map<string, ConceptWord>();
  const word = (w: string) => {
    let found = words.get(w);
    if (!found) {
      found = conceptWord(w, tokenize);
      words.set(w, found);
    }
    return found;
  };
  const wordings = catalog.categories.map((c) => [c.label, ...c.synonyms, ...c.evidence].map(fold).join('\n'));
  const rules: DescriptionRule[] = [];
  for (const [id, named] of Object.entries(table)) {
    const category = catalog.byId.get(id);
    if (!category) throw new Error(`${DESCRIPTIONS_FILE.pathname}: unknown category ${id}`);
    for (const [name, written] of Object.entries(named)) {
      const parts = written.split('×').map((side) => side.trim().split(/\s+/u).filter(Boolean).map(word));
      if (parts.length !== 2 || parts.some((side) => side.length === 0))
        throw new Error(`${DESCRIPTIONS_FILE.pathname}: ${id}/${name} is not 'head words × qualifying words'`);
      const [a, b] = parts as [ConceptWord[], ConceptWord[]];
      const sides: [ConceptWord[], ConceptWord[]] = scanCost(a, wordings) <= scanCost(b, wordings) ? [a, b] : [b, a];
      rules.push({ category: category.index, name: `${id}/${name}`, sides });
    }
  }
  return rules;
}
