// Tool results stay small enough for an agent's context: long lists are cut to a cap, the cut is named in
// `warnings` (part of every result's envelope) and in the text, and `count` keeps meaning "results returned".

export interface ListCap {
  // Top-level member holding the list.
  list: string;
  max: number;
  // What the agent can do to see the rest.
  hint: string;
}

export function capLists(body: Record<string, unknown>, caps: readonly ListCap[]): string[] {
  const notices: string[] = [];
  for (const cap of caps) {
    const items = body[cap.list];
    if (!Array.isArray(items) || items.length <= cap.max) continue;
    body[cap.list] = items.slice(0, cap.max);
    if (cap.list === 'results' && typeof body.count === 'number') body.count = cap.max;
    notices.push(`${cap.list} capped at ${cap.max} of ${items.length} for this tool; ${cap.hint}`);
  }
  if (notices.length > 0) {
    const warnings = Array.isArray(body.warnings) ? (body.warnings as string[]) : [];
    body.warnings = [...warnings, ...notices];
  }
  return notices;
}
