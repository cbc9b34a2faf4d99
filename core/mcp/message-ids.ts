// JSON-RPC ids are echoed exactly as the client wrote them. JSON.parse turns an integer beyond 2^53 into the nearest
// double (12345678901234567890 becomes 12345678901234567000), so the parse keeps the source text of every numeric
// `id` member (the reviver's source text access) and a reply prints that text back verbatim (JSON.rawJSON, which
// JSON.stringify writes as it is). TypeScript's lib does not declare either yet; Node 24 has both.

/** An id as printed in a reply: the parsed value, or the client's own text of a numeric id. */
export type RawJson = { readonly rawJSON: string };

interface ReviverContext {
  source?: string;
}

const json = JSON as JSON & { rawJSON(text: string): RawJson };
const numericIdTexts = new WeakMap<object, string>();

export function parseKeepingIdTexts(text: string): unknown {
  return JSON.parse(text, function keepIdText(this: object, key: string, value: unknown, context?: ReviverContext) {
    // Only ids whose text JSON.stringify would not reproduce (rounded, `1.0`, `1e3`) are kept.
    const source = context?.source;
    if (key === 'id' && typeof value === 'number' && source !== undefined && source !== String(value)) {
      numericIdTexts.set(this, source);
    }
    return value;
  });
}

/** The client's text of `message.id` when it was a number that would not print back as written. */
export function numericIdText(message: object): RawJson | undefined {
  const text = numericIdTexts.get(message);
  return text === undefined ? undefined : json.rawJSON(text);
}
