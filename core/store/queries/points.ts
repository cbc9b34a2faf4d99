// Amenities, changes, schools and generations: small tables, loaded whole for the indexes or read by key.
import type { AmenityRow, ChangeRow, GenerationRow, SchoolRow } from '../../release/types.ts';
import { selectList } from '../columns.ts';
import { containsPattern, normalizeName } from '../normalize.ts';
import { type Queryable, type Row, wholeTable } from '../types.ts';

/** The contract cuts change evidence to this many characters in nearby results. */
export const changeEvidenceLimit = 200;

export type ChangeLight = Omit<ChangeRow, 'cell_1km' | 'scene_ids_a' | 'scene_ids_b' | 'verification'> & {
  /** Cut to 200 characters; the full text is in getChange. */
  evidence: string | null;
  evidence_truncated: boolean;
};

export function loadAmenities(db: Queryable, releaseId: string): Promise<AmenityRow[]> {
  return db.query<AmenityRow & Row>(
    `SELECT ${selectList('amenities')} FROM amenities WHERE release_id = $1 ORDER BY id`,
    [releaseId],
    wholeTable,
  );
}

export function loadChangeLight(db: Queryable, releaseId: string): Promise<ChangeLight[]> {
  return db.query<ChangeLight & Row>(
    `SELECT change_id, group_id, lat, lon, year_a, year_b, category, subject,
            left(evidence, ${changeEvidenceLimit}) AS evidence,
            coalesce(char_length(evidence) > ${changeEvidenceLimit}, false) AS evidence_truncated,
            segment_priority_score, status
     FROM changes WHERE release_id = $1 ORDER BY change_id`,
    [releaseId],
    wholeTable,
  );
}

export async function getChange(db: Queryable, releaseId: string, changeId: string): Promise<ChangeRow | null> {
  const [row] = await db.query<ChangeRow & Row>(
    `SELECT ${selectList('changes')} FROM changes WHERE release_id = $1 AND change_id = $2`,
    [releaseId, changeId],
  );
  return row ?? null;
}

export function listGenerations(db: Queryable, releaseId: string): Promise<GenerationRow[]> {
  return db.query<GenerationRow & Row>(
    `SELECT ${selectList('generations')} FROM generations WHERE release_id = $1 ORDER BY version, id`,
    [releaseId],
  );
}

export interface SchoolSearchResult {
  normalizedQuery: string;
  results: SchoolRow[];
}

/**
 * The contract's rule: q NFKC-normalized, lowercased, spaces removed, wildcards escaped, matched as a substring of
 * the normalized name; ordered by normalized name then school_id; at most `limit`.
 */
export async function searchSchools(
  db: Queryable,
  releaseId: string,
  q: string,
  limit: number,
): Promise<SchoolSearchResult> {
  const normalizedQuery = normalizeName(q);
  const results = await db.query<SchoolRow & Row>(
    `SELECT ${selectList('schools')} FROM schools
     WHERE release_id = $1 AND name_normalized LIKE $2 ESCAPE '\\'
     ORDER BY name_normalized, school_id LIMIT $3`,
    [releaseId, containsPattern(normalizedQuery), limit],
  );
  return { normalizedQuery, results };
}

/** Every school of a release, for the map's schools layer (loaded once per release). */
export function loadSchools(db: Queryable, releaseId: string): Promise<SchoolRow[]> {
  return db.query<SchoolRow & Row>(
    'SELECT school_id, name, lat, lon FROM schools WHERE release_id = $1 ORDER BY school_id',
    [releaseId],
    wholeTable,
  );
}
