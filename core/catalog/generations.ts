import type { Generation } from '../../generated/place-lookup/types.gen.ts';
import type { GenerationRow } from '../release/types.ts';

// Generations as /v1/meta and /v1/generations list them: version descending (ties by id); /v1/meta puts the default
// generation first, as its MCP tool promises.

export function toGeneration(row: GenerationRow): Generation {
  return {
    id: row.id,
    status: row.status,
    version: row.version,
    gen_id: row.gen_id,
    model_family: row.model_family,
    model: row.model,
    prompt_version: row.prompt_version,
    output_contract: row.output_contract,
    released_at: row.released_at,
    notes: row.notes,
    evidence: row.evidence,
    stats: row.stats,
  };
}

export function orderGenerations(rows: readonly GenerationRow[], first: string | null = null): Generation[] {
  const rank = (row: GenerationRow) => (row.id === first ? 0 : 1);
  return [...rows]
    .sort((a, b) => rank(a) - rank(b) || b.version - a.version || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map(toGeneration);
}
