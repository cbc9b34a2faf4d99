// Rows → PostgreSQL COPY text format (tab-separated, \N for null, backslash escapes). Both drivers load through it:
// PostgreSQL via COPY FROM STDIN, PGlite via COPY FROM '/dev/blob'.

const escapes: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };
const needsEscape = /[\\\n\r\t]/g;

function escapeText(text: string): string {
  return text.replace(needsEscape, (char) => escapes[char] ?? char);
}

/** One value in COPY text form. Objects and arrays become JSON (for json/jsonb columns), never PostgreSQL arrays. */
export function encodeCopyValue(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  switch (typeof value) {
    case 'string':
      return escapeText(value);
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError(`cannot store non-finite number ${value}`);
      return String(value);
    case 'boolean':
      return value ? 't' : 'f';
    case 'bigint':
      return value.toString();
    case 'object':
      return escapeText(JSON.stringify(value));
    default:
      throw new TypeError(`cannot store a value of type ${typeof value}`);
  }
}

export function encodeCopyRow(values: readonly unknown[]): string {
  let line = '';
  for (let index = 0; index < values.length; index++) {
    if (index > 0) line += '\t';
    line += encodeCopyValue(values[index]);
  }
  return `${line}\n`;
}

/** COPY statement for a table and column list; names are checked because they are spliced into SQL. */
export function copyStatement(table: string, columns: readonly string[], source: 'STDIN' | "'/dev/blob'"): string {
  for (const name of [table, ...columns]) assertIdentifier(name);
  return `COPY ${table} (${columns.join(', ')}) FROM ${source}`;
}

export function assertIdentifier(name: string): void {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain SQL identifier: ${JSON.stringify(name)}`);
}

/** A string as an SQL literal, for the statements that take no parameters (COPY). */
export function quoteLiteral(text: string): string {
  if (text.includes('\0')) throw new Error('an SQL literal cannot hold a NUL character');
  return `'${text.replaceAll("'", "''")}'`;
}

const unescapes: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', v: '\v', '\\': '\\' };

/** One field of COPY text output: \N is null, backslash escapes are undone. */
export function decodeCopyField(field: string): string | null {
  if (field === '\\N') return null;
  if (!field.includes('\\')) return field;
  return field.replace(/\\(.)/g, (_, char: string) => unescapes[char] ?? char);
}

/** Calls fn with the decoded fields of every line of COPY text output, without splitting the whole text at once. */
export function forEachCopyRow(text: string, fn: (fields: (string | null)[]) => void): number {
  let rows = 0;
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    fn(text.slice(start, end).split('\t').map(decodeCopyField));
    rows++;
    start = end + 1;
  }
  return rows;
}
