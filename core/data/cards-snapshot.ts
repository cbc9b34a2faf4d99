// The card records of a release (card-records.ts) kept in DATA_DIR beside the light snapshot, so a start reads one
// file (~0.3 GB at 1 M scenes, under a second) instead of every verbalization's summary from the store.
// Only a cache, keyed and checked like the light snapshot (light-snapshot.ts): release id, ingest time, the code that
// makes the records, a checksum; anything else is ignored and the store is read. The records and summaries are views
// of the file's bytes as read (no copy: every section is kept).
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { type CardLabels, CardRecords, ID_SLOT, packIdDigitRows } from './card-records.ts';
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
const FORMAT = 2;

interface Fields extends SnapshotKey {
  format: number;
  code: string;
  count: number;
  generations: number;
  labels: CardLabels;
}

let codeFingerprint: Promise<string> | undefined;

function fingerprintCode(): Promise<string> {
  const files = ['../store/queries/scene-cards.ts', './card-records.ts', './cards-snapshot.ts', './section-file.ts'];
  codeFingerprint ??= fingerprintFiles(files.map((file) => new URL(file, import.meta.url)));
  return codeFingerprint;
}

export function cardsSnapshotPath(dataDir: string, releaseId: string): string {
  return join(dataDir, 'snapshots', `${releaseId}.cards.bin`);
}

export async function writeCardsSnapshot(path: string, key: SnapshotKey, cards: CardRecords): Promise<void> {
  const sections: [string, SectionValue][] = [['records', cards.bytes]];
  cards.summaries.forEach((summaries, g) => {
    sections.push([`summaries${g}`, summaries]);
  });
  const fields: Fields = {
    format: FORMAT,
    code: await fingerprintCode(),
    ...key,
    count: cards.count,
    generations: cards.generations,
    labels: cards.labels,
  };
  await writeSectionFile(path, MAGIC, { ...fields }, sections);
}

export type CardsSnapshotRead = { cards: CardRecords; reason?: never } | { cards: null; reason: string };

/** `ids`: the release's scene ids by row (the light columns'), whose digits the records keep beside them. */
export async function readCardsSnapshot(
  path: string,
  key: SnapshotKey,
  ids: readonly string[],
): Promise<CardsSnapshotRead> {
  const read = await readSectionFile<Fields>(path, MAGIC);
  if (!read.file) return { cards: null, reason: read.reason };
  const { header } = read.file;
  const reason = staleReason(header, { format: FORMAT, code: await fingerprintCode(), ...key });
  if (reason) return { cards: null, reason };
  if (ids.length !== header.count) return { cards: null, reason: `${header.count} records for ${ids.length} scenes` };
  const idDigits = await packIdDigitsInPieces(ids);
  if (typeof idDigits === 'string') return { cards: null, reason: idDigits };
  return { cards: decode(read.file, idDigits) };
}

/** Rows of id digits packed per event-loop turn: a server may already listen while the records are read. */
const DIGIT_ROWS = 50_000;

async function packIdDigitsInPieces(ids: readonly string[]): Promise<Uint8Array | string> {
  const digits = new Uint8Array(ids.length * ID_SLOT);
  for (let from = 0; from < ids.length; from += DIGIT_ROWS) {
    if (from > 0) await nextTurn();
    const unfit = packIdDigitRows(ids, digits, from, Math.min(ids.length, from + DIGIT_ROWS));
    if (unfit) return unfit;
  }
  return digits;
}

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

function decode(file: SectionFile<Fields>, idDigits: Uint8Array): CardRecords {
  const { header } = file;
  const summaries: Buffer[] = [];
  for (let g = 0; g < header.generations; g++) summaries.push(asBuffer(file.view(`summaries${g}`, 'u8')));
  // Viewed as f64 so that the records start 8-byte aligned (a copy when the file's body is not).
  const records = file.view('records', 'f64');
  const bytes = new Uint8Array(records.buffer, records.byteOffset, records.byteLength);
  return new CardRecords(header.count, header.labels, bytes, summaries, idDigits);
}
