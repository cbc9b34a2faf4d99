/**
 * Capture years named in a query: 2019年, 2015〜2019年, 2010年代, 90年代, 2015年以降, 2000年より前, 平成20年, 令和,
 * 平成初期, 今年, 去年. Bare 昭和 is left to the category dictionary: people who type it mean the retro look, not
 * a capture year. Works on the folded query (NFKC digits, hiragana).
 */

export interface YearSpan {
  start: number;
  end: number;
  text: string;
  from: number | null;
  to: number | null;
}

const ERAS: Record<string, { first: number; last: number }> = {
  明治: { first: 1868, last: 1912 },
  大正: { first: 1912, last: 1926 },
  昭和: { first: 1926, last: 1989 },
  平成: { first: 1989, last: 2019 },
  令和: { first: 2019, last: 9999 },
};

type Rule = [RegExp, (m: RegExpExecArray, nowYear: number) => { from: number | null; to: number | null }];

const AFTER = '(以降|以後|から|より後|よりあと|以来|~|〜|-)';
const BEFORE = '(以前|まで|より前|までの|より昔)';

function eraYear(era: string, n: string): number {
  const base = ERAS[era] as { first: number };
  return base.first + (n === '元' ? 1 : Number(n)) - 1;
}

function twoDigitDecade(d: string): number {
  const n = Number(d);
  return n >= 30 ? 1900 + n : 2000 + n;
}

function eraPart(era: { first: number; last: number }, part: string | undefined, nowYear: number) {
  const last = Math.min(era.last, nowYear);
  const span = last - era.first;
  if (part === '初期' || part === '前半' || part === 'はじめ' || part === '初め')
    return { from: era.first, to: era.first + Math.floor(span / 3) };
  if (part === '中期' || part === '半ば')
    return { from: era.first + Math.floor(span / 3), to: era.first + Math.floor((2 * span) / 3) };
  if (part === '後期' || part === '後半' || part === '末期' || part === '終わり')
    return { from: era.first + Math.floor((2 * span) / 3), to: last };
  return { from: era.first, to: era.last === 9999 ? null : era.last };
}

// Ordered longest form first; each rule's match is removed before the next rule looks.
const RULES: Rule[] = [
  [
    /((?:19|20)\d\d)年?\s*(?:~|〜|-|から)\s*((?:19|20)\d\d)年?(?:まで)?/u,
    (m) => ({ from: Number(m[1]), to: Number(m[2]) }),
  ],
  [
    /((?:19|20)\d)0年代(前半|後半)?/u,
    (m) => {
      const d = Number(m[1]) * 10;
      return m[2] === '前半'
        ? { from: d, to: d + 4 }
        : m[2] === '後半'
          ? { from: d + 5, to: d + 9 }
          : { from: d, to: d + 9 };
    },
  ],
  [/(?<![0-9])(\d)0年代/u, (m) => ({ from: twoDigitDecade(`${m[1]}0`), to: twoDigitDecade(`${m[1]}0`) + 9 })],
  [
    new RegExp(`(令和|平成|昭和|大正|明治)(元|\\d{1,2})年${AFTER}`, 'u'),
    (m) => ({ from: eraYear(m[1] as string, m[2] as string), to: null }),
  ],
  [
    new RegExp(`(令和|平成|昭和|大正|明治)(元|\\d{1,2})年${BEFORE}`, 'u'),
    (m) => ({
      from: null,
      to: eraYear(m[1] as string, m[2] as string) - (m[3]?.startsWith('より') ? 1 : 0),
    }),
  ],
  [
    /(令和|平成|昭和|大正|明治)(元|\d{1,2})年/u,
    (m) => {
      const y = eraYear(m[1] as string, m[2] as string);
      return { from: y, to: y };
    },
  ],
  [
    /(令和|平成)(初期|前半|中期|半ば|後期|後半|末期|はじめ|初め|終わり)?/u,
    (m, now) => eraPart(ERAS[m[1] as string] as { first: number; last: number }, m[2], now),
  ],
  [
    /(昭和|大正|明治)(初期|前半|中期|半ば|後期|後半|末期|はじめ|初め|終わり)(?:の|に|頃|ごろ)?(?:撮影|撮った|写真)/u,
    (m, now) => eraPart(ERAS[m[1] as string] as { first: number; last: number }, m[2], now),
  ],
  [new RegExp(`((?:19|20)\\d\\d)年?${AFTER}`, 'u'), (m) => ({ from: Number(m[1]), to: null })],
  [
    new RegExp(`((?:19|20)\\d\\d)年?${BEFORE}`, 'u'),
    (m) => ({ from: null, to: Number(m[1]) - (m[2]?.startsWith('より') ? 1 : 0) }),
  ],
  [/(?<![0-9])((?:19|20)\d\d)(?![0-9])年?/u, (m) => ({ from: Number(m[1]), to: Number(m[1]) })],
  [/(?<![0-9])(\d{3,4})年/u, (m) => ({ from: Number(m[1]), to: Number(m[1]) })],
  [/一昨年|おととし/u, (_m, now) => ({ from: now - 2, to: now - 2 })],
  [/去年|昨年|きょねん/u, (_m, now) => ({ from: now - 1, to: now - 1 })],
  [/今年|ことし/u, (_m, now) => ({ from: now, to: now })],
];

/** Finds the year mentions of a folded query; the caller decides which are supported. */
export function findYears(folded: string, nowYear: number): YearSpan[] {
  const spans: YearSpan[] = [];
  let text = folded;
  for (const [pattern, toRange] of RULES) {
    const global = new RegExp(pattern.source, 'gu');
    for (let m = global.exec(text); m !== null; m = global.exec(text)) {
      const { from, to } = toRange(m, nowYear);
      spans.push({ start: m.index, end: m.index + m[0].length, text: m[0], from, to });
      // Blank the match out (same length) so later, shorter rules do not see it again.
      text = text.slice(0, m.index) + '\u0000'.repeat(m[0].length) + text.slice(m.index + m[0].length);
    }
  }
  return spans.sort((a, b) => a.start - b.start);
}
