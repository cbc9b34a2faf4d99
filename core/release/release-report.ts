// What `npm run release` prints: a table and sentences for people, or (--json) one JSON document for scripts with
// the same facts. Row counts are the manifest's, checked at ingest; the table says so rather than recounting.

import type { Manifest } from './manifest-types.ts';
import type { ReleaseChangeResult, ReleaseDetail, ReleaseListing } from './release-command.ts';

const countsNote = 'row counts: as ingest checked them against the release files (manifest.row_counts)';

const number = (value: number | undefined) => (value === undefined ? '-' : value.toLocaleString('en-US'));
const totalRows = (counts: Record<string, number>) => Object.values(counts).reduce((sum, n) => sum + n, 0);

function servedLine(served: ReleaseListing['served']): string {
  return served
    ? `served: ${served.release_id} (${served.reason})`
    : 'served: none (no release is published or staged)';
}

function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

export function formatListing(listing: ReleaseListing): string {
  if (listing.releases.length === 0) return `${servedLine(listing.served)}\nthe store holds no release\n`;
  const header = ['', 'release', 'status', 'created', 'published', 'data as of', 'scenes', 'rows'];
  const rows = listing.releases.map((release) => [
    release.release_id === listing.served?.release_id ? '*' : '',
    release.release_id,
    release.status,
    release.created_at,
    release.published_at ?? '-',
    release.data_as_of ?? '-',
    number(release.row_counts.scenes),
    number(totalRows(release.row_counts)),
  ]);
  return `${servedLine(listing.served)}\n${table([header, ...rows])}\n* served; ${countsNote}\n`;
}

/** The parts of a manifest an operator checks before publishing; /v1/provenance serves the whole of it. */
export function manifestSummary(manifest: Manifest) {
  return {
    format_version: manifest.format_version,
    synthetic: manifest.synthetic,
    default_generation: manifest.default_generation,
    years: manifest.years,
    counts: manifest.counts,
    la_release: manifest.la_release,
    wards: manifest.wards.length,
    license: manifest.license.id,
    files: manifest.files,
  };
}

export function detailJson(detail: ReleaseDetail) {
  const { manifest, release, served } = detail;
  return {
    served,
    release: { ...release, served: release.release_id === served?.release_id },
    manifest: manifestSummary(manifest),
  };
}

export function formatDetail(detail: ReleaseDetail): string {
  const { release } = detail;
  const summary = manifestSummary(detail.manifest);
  const isServed = release.release_id === detail.served?.release_id;
  const lines = [
    `release ${release.release_id}`,
    `status: ${release.status}${isServed ? ` (served: ${detail.served?.reason})` : ' (not served)'}`,
    `created: ${release.created_at}`,
    `published: ${release.published_at ?? '-'}`,
    `data as of: ${release.data_as_of ?? '-'}`,
    `ingested: ${release.ingested_at}`,
    `synthetic: ${summary.synthetic}; default generation: ${summary.default_generation ?? '-'}; years: ` +
      `${summary.years.min ?? '-'}-${summary.years.max ?? '-'}; wards: ${summary.wards}; licence: ${summary.license}`,
    `served scenes: ${number(summary.counts.served_total ?? undefined)} of ` +
      `${number(summary.counts.processed_total ?? undefined)} processed`,
    'rows:',
    ...Object.entries(release.row_counts).map(([name, rows]) => `  ${name.padEnd(16)} ${number(rows)}`),
    `  ${'total'.padEnd(16)} ${number(totalRows(release.row_counts))}`,
    countsNote,
    servedLine(detail.served),
  ];
  return `${lines.join('\n')}\n`;
}

export function formatChange(result: ReleaseChangeResult, announced: string): string {
  const verb = { staged: 'staged', published: 'published', withdrawn: 'withdrew', building: 'moved' }[result.to];
  return `${verb} release ${result.release_id} (was ${result.from})\n${servedLine(result.served)}\n${announced}\n`;
}
