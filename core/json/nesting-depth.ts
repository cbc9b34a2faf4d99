// How deeply a JSON text nests, read from its bytes before anything parses it. JSON.parse copes with any depth, but
// what then walks the value recurses on it (schema validation, tool argument checks, copies, printing): a body of
// 4 000 brackets in 8 KB overflowed the stack there. Each face refuses a deeper body up front with the error its
// document gives for a body it cannot parse (RFC 8259 §9 lets a parser bound the depth of nesting).
//
// The bound is written here, not in the specs: no body their schemas accept nests more than a few levels (a search
// body 2, an amenity body 1, a JSON-RPC message with tool arguments 4), and the members left open (MCP `_meta`,
// client capabilities) carry small flat objects in practice. It refuses nothing a client has reason to send; it
// guards this server's recursion and is no term of the contract.
export const maxJsonDepth = 64;

const quote = 0x22;
const backslash = 0x5c;
const openBracket = 0x5b;
const openBrace = 0x7b;
const closeBracket = 0x5d;
const closeBrace = 0x7d;

/**
 * Whether arrays and objects in `raw` open more than `limit` levels deep. Brackets inside strings do not count; the
 * text need not be valid JSON (a malformed body is left to the parser). UTF-8 is read byte by byte: the bytes of a
 * multi-byte character are never ASCII, so they cannot be taken for a bracket or a quote.
 */
export function nestsDeeperThan(raw: Uint8Array, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < raw.length; i++) {
    const byte = raw[i] as number;
    if (inString) {
      if (byte === backslash) i++;
      else if (byte === quote) inString = false;
    } else if (byte === quote) {
      inString = true;
    } else if (byte === openBracket || byte === openBrace) {
      depth++;
      if (depth > limit) return true;
    } else if (byte === closeBracket || byte === closeBrace) {
      depth--;
    }
  }
  return false;
}
