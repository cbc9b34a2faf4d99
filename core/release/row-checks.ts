// Checks of a release row that its JSON Schema cannot state: they name the field like a schema error does.
import { createHash } from 'node:crypto';

/** The field and problem of the first failed check, or null. `content_sha256` covers `summary + "\n" + analysis_json`. */
export function checkRow(table: string, row: Record<string, unknown>): { field: string; problem: string } | null {
  if (table !== 'verbalizations') return null;
  const content = `${String(row.summary)}\n${String(row.analysis_json)}`;
  const sha = createHash('sha256').update(content).digest('hex');
  if (sha === row.content_sha256) return null;
  return { field: '/content_sha256', problem: `is not the sha256 of summary + "\\n" + analysis_json (${sha})` };
}
