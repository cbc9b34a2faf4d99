// Both drivers receive values in PostgreSQL's text format; these parsers make them produce the same JS values, so a
// query returns identical rows on PGlite and on PostgreSQL (pg alone would give strings for int8/numeric and Dates).

const INT8 = 20;
const NUMERIC = 1700;
const DATE = 1082;
const TIMESTAMP = 1114;
const TIMESTAMPTZ = 1184;

const timestampPattern =
  /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2}(?:\.\d+)?)(?:([+-]\d{2})(?::?(\d{2}))?(?::?(\d{2}))?)?$/;

/** PostgreSQL's timestamp text (any TimeZone setting) → ISO 8601 in UTC, e.g. 2026-04-01T00:00:00.000Z. */
export function parseTimestamp(text: string): string {
  const match = timestampPattern.exec(text);
  if (!match) return text; // infinity, BC dates: nothing in our schema produces them, keep the text
  const [, date, time, offsetHours, offsetMinutes = '00'] = match;
  const offset = offsetHours === undefined ? 'Z' : `${offsetHours}:${offsetMinutes}`;
  return new Date(`${date}T${time}${offset}`).toISOString();
}

function parseSafeNumber(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value) && Number.isInteger(value)) {
    // Counts never get here; an id stored as int8 would, and must be text instead.
    throw new RangeError(`integer ${text} from the store exceeds 2^53; store it as text`);
  }
  return value;
}

export const textParsers: Record<number, (text: string) => unknown> = {
  [INT8]: parseSafeNumber,
  [NUMERIC]: Number,
  [DATE]: (text) => text,
  [TIMESTAMP]: parseTimestamp,
  [TIMESTAMPTZ]: parseTimestamp,
};
