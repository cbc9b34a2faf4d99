/** Sorts the query tokens that no year, place or category claimed into text terms and ignored words. */
import type { IgnoredWording } from './interpretation-types.ts';
import { foldKana } from './normalize.ts';
import { isCompoundPart, isFunctionToken, isNotScenery, isPlaceSuffix, isUnknownPlace } from './query-words.ts';
import type { QueryToken } from './tokenizer.ts';

export interface Leftovers {
  terms: string[];
  ignored: IgnoredWording[];
}

export function readLeftovers(
  tokens: QueryToken[],
  folded: string,
  free: (start: number, end: number) => boolean,
  occurs: (folded: string) => boolean,
): Leftovers {
  const terms: string[] = [];
  const ignored: IgnoredWording[] = [];
  const text = (from: number, to: number) => folded.slice(from, to);
  const addTerm = (term: string) => {
    if (terms.includes(term)) ignored.push({ text: term, reason: 'duplicate' });
    else terms.push(term);
  };
  const open = tokens.filter((t) => free(t.start, t.end) && t.surface.trim() !== '');
  for (let i = 0; i < open.length; i++) {
    const token = open[i] as QueryToken;
    if (isUnknownPlace(token)) {
      let end = token.end;
      const next = open[i + 1];
      if (next && next.start === end && isPlaceSuffix(next)) {
        end = next.end;
        i++;
      }
      ignored.push({ text: text(token.start, end), reason: 'unknown_place' });
      continue;
    }
    if (isFunctionToken(token)) {
      ignored.push({ text: text(token.start, token.end), reason: 'function_word' });
      continue;
    }
    if (isNotScenery(token)) {
      ignored.push({ text: text(token.start, token.end), reason: 'not_scenery' });
      continue;
    }
    // Join adjacent noun parts into one compound (公衆 + 電話) before deciding.
    const group = [token];
    while (isCompoundPart(token)) {
      const next = open[i + 1];
      const last = group[group.length - 1] as QueryToken;
      if (!next || next.start !== last.end || !isCompoundPart(next) || isFunctionToken(next) || isNotScenery(next))
        break;
      group.push(next);
      i++;
    }
    const whole = text(token.start, (group[group.length - 1] as QueryToken).end);
    if (occurs(whole)) {
      addTerm(whole);
      continue;
    }
    for (const part of group) {
      const word = foldKana(text(part.start, part.end));
      if (group.length > 1 && isFunctionToken(part)) continue;
      if (occurs(word)) addTerm(word);
      else ignored.push({ text: word, reason: 'not_scenery' });
    }
  }
  return { terms, ignored };
}
