/** The script of one UTF-16 code unit, as tagging reads word boundaries in observation text. */
export type Script = 'kanji' | 'katakana' | 'hiragana' | 'other';

export function scriptOf(code: number): Script {
  if ((code >= 0x4e00 && code <= 0x9fff) || code === 0x3005 || (code >= 0x3400 && code <= 0x4dbf)) return 'kanji';
  if ((code >= 0x30a1 && code <= 0x30fa) || code === 0x30fc) return 'katakana';
  if (code >= 0x3041 && code <= 0x309f) return 'hiragana';
  return 'other';
}
