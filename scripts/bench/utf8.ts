import { transcode } from 'node:buffer';

// UTF-8 bytes of JSON text made from a string, the alternative to writing bodies into pooled memory
// (core/http/lent-body.ts) that the serialiser bench's side-by-side rows compare with. A string holding any character
// beyond Latin-1 (all Japanese text) is stored by V8 as UTF-16; Buffer.from(text, 'utf8') converts those about five
// times slower than copying the UTF-16 out and transcoding it (measured on a 30 KB nearby answer: the encoding cost
// more than JSON.stringify). JSON.stringify never leaves a lone surrogate, which transcode would refuse; anything it
// refuses takes the ordinary way.
const beyondLatin1 = /[\u0100-\uffff]/;

export function encodeJsonText(text: string): Uint8Array<ArrayBuffer> {
  if (!beyondLatin1.test(text)) return Buffer.from(text, 'utf8') as Uint8Array<ArrayBuffer>;
  try {
    return transcode(Buffer.from(text, 'utf16le'), 'utf16le', 'utf8') as Uint8Array<ArrayBuffer>;
  } catch {
    return Buffer.from(text, 'utf8') as Uint8Array<ArrayBuffer>;
  }
}
