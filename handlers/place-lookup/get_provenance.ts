import type { Manifest } from '../../core/release/types.ts';
import type {
  GetProvenanceData,
  GetProvenanceResponses,
  Manifest as ManifestBody,
} from '../../generated/place-lookup/types.gen.ts';
import type { HandlerContext, InputOf, PlaceReply } from '../types.ts';

// GET /v1/provenance: the release with its manifest and the provenance chain the manifest records. The manifest is
// shown as the document describes it: identity, format, build time and one entry per table ({file, rows}).

export default function getProvenance(
  _input: InputOf<GetProvenanceData>,
  ctx: HandlerContext,
): PlaceReply<GetProvenanceResponses> {
  const { manifest, record } = ctx.data;
  return {
    release: {
      release_id: record.release_id,
      status: record.status,
      data_as_of: record.data_as_of,
      published_at: record.published_at,
      manifest: {
        release_id: manifest.release_id,
        format_version: manifest.format_version,
        created_at: manifest.created_at,
        synthetic: manifest.synthetic,
        tables: manifestTables(manifest),
      },
    },
    provenance: manifest.provenance,
    provenance_scope: manifest.provenance_scope,
    verification_method: manifest.verification_method,
  };
}

export function manifestTables(manifest: Pick<Manifest, 'files' | 'row_counts'>): ManifestBody['tables'] {
  const tables: ManifestBody['tables'] = {};
  for (const [table, file] of Object.entries(manifest.files)) {
    tables[table] = { file, rows: manifest.row_counts[table as keyof Manifest['row_counts']] ?? 0 };
  }
  return tables;
}
