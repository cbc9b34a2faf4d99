// The card columns of a release (store/queries/scene-cards.ts) kept in DATA_DIR beside the light snapshot, so a start
// reads one file (~0.3 GB at 1 M scenes, under a second) instead of every verbalization's summary from the store.
// Only a cache, keyed and checked like the light snapshot (light-snapshot.ts): release id, ingest time, the code that
// reads the columns, a checksum; anything else is ignored and the store is read. The columns are views of the file's
// bytes as read (no copy: every section is kept).
import { join } from 'node:path';
import type { InternedColumn, SceneCardColumns, VerbalizationCardColumns } from '../store/index.ts';
import type { SnapshotKey } from './light-snapshot.ts';
import {
  fingerprintFiles,
  readSectionFile,
  type SectionFile,
  type SectionValue,
  staleReason,
  writeSectionFile,
} from './section-file.ts';

const MAGIC = 'MCHCARDS';
const FORMAT = 1;

type Labels = (string | null)[];

interface Fields extends SnapshotKey {
  format: number;
  code: string;
  count: number;
  generations: number;
  /** Labels of every interned column, by section name. */
  labels: Record<string, Labels>;
}

let codeFingerprint: Promise<string> | undefined;

function fingerprintCode(): Promise<string> {
  const files = ['../store/queries/scene-cards.ts', './cards-snapshot.ts', './section-file.ts'];
  codeFingerprint ??= fingerprintFiles(files.map((file) => new URL(file, import.meta.url)));
  return codeFingerprint;
}

export function cardsSnapshotPath(dataDir: string, releaseId: string): string {
  return join(dataDir, 'snapshots', `${releaseId}.cards.bin`);
}

function interned(name: string, column: InternedColumn, labels: Record<string, Labels>): [string, SectionValue][] {
  labels[name] = column.labels;
  return [[name, column.codes]];
}

export async function writeCardsSnapshot(path: string, key: SnapshotKey, cards: SceneCardColumns): Promise<void> {
  const labels: Record<string, Labels> = {};
  const sections: [string, SectionValue][] = [
    ...interned('positionSource', cards.positionSource, labels),
    ...interned('viewClass', cards.viewClass, labels),
    ['travelBearing', cards.travelBearing],
    ['isPano', cards.isPano],
  ];
  cards.byGeneration.forEach((columns, g) => {
    sections.push(
      ...interned(`model${g}`, columns.model, labels),
      ...interned(`promptVersion${g}`, columns.promptVersion, labels),
      ...interned(`analysisStatus${g}`, columns.analysisStatus, labels),
      [`summaryBytes${g}`, columns.summary.bytes],
      [`summaryStarts${g}`, columns.summary.starts],
      [`summaryLengths${g}`, columns.summary.lengths],
      [`summaryPlain${g}`, columns.summary.plain],
    );
  });
  const fields: Fields = {
    format: FORMAT,
    code: await fingerprintCode(),
    ...key,
    count: cards.count,
    generations: cards.byGeneration.length,
    labels,
  };
  await writeSectionFile(path, MAGIC, { ...fields }, sections);
}

export type CardsSnapshotRead = { cards: SceneCardColumns; reason?: never } | { cards: null; reason: string };

export async function readCardsSnapshot(path: string, key: SnapshotKey): Promise<CardsSnapshotRead> {
  const read = await readSectionFile<Fields>(path, MAGIC);
  if (!read.file) return { cards: null, reason: read.reason };
  const { header } = read.file;
  const reason = staleReason(header, { format: FORMAT, code: await fingerprintCode(), ...key });
  if (reason) return { cards: null, reason };
  return { cards: decode(read.file) };
}

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

function decode(file: SectionFile<Fields>): SceneCardColumns {
  const { header } = file;
  const column = (name: string): InternedColumn => ({
    labels: header.labels[name] ?? [null],
    codes: file.view(name, 'u16'),
  });
  const byGeneration: VerbalizationCardColumns[] = [];
  for (let g = 0; g < header.generations; g++) {
    byGeneration.push({
      model: column(`model${g}`),
      promptVersion: column(`promptVersion${g}`),
      analysisStatus: column(`analysisStatus${g}`),
      summary: {
        bytes: asBuffer(file.view(`summaryBytes${g}`, 'u8')),
        starts: file.view(`summaryStarts${g}`, 'f64'),
        lengths: file.view(`summaryLengths${g}`, 'u32'),
        plain: file.view(`summaryPlain${g}`, 'u8'),
      },
    });
  }
  return {
    count: header.count,
    positionSource: column('positionSource'),
    viewClass: column('viewClass'),
    travelBearing: file.view('travelBearing', 'f64'),
    isPano: file.view('isPano', 'i8'),
    byGeneration,
  };
}
