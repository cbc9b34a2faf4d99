// The scaled search index on disk: built (timed, wall and CPU, with the memory it holds) and saved, or loaded when a
// file saved for the same release and size is there.
import { cpus, loadavg } from 'node:os';
import type { CategoryCatalog } from '../../../core/scenery-search/categories.ts';
import { buildCorpus, type Corpus, type CorpusObservation } from '../../../core/scenery-search/corpus.ts';
import { loadCorpus, saveCorpus } from '../../../core/scenery-search/persist.ts';

export interface IndexFile {
  path: string;
  catalog: CategoryCatalog;
  /** Scenes the index must hold: a file of another size is not this bench's. */
  scenes: number;
}

export const mb = (bytes: number) => Math.round(bytes / 1e6);
export const loadAverage = () => loadavg().map((l) => Number(l.toFixed(2)));
const identityOf = (file: IndexFile) => ({ releaseId: `bench-scale-${file.scenes}` });

/** Builds the index over the observations, prints the build's figures and the file's size. */
export async function buildAndSave(file: IndexFile, observations: Iterable<CorpusObservation>, baseSize: number) {
  const cpuStart = process.cpuUsage();
  const corpus = await buildCorpus(observations, file.catalog, {
    keepObservations: false,
    keepTexts: false,
    onProgress: (n) => {
      if (n % 100_000 === 0) process.stderr.write(`bench-scale: indexed ${n}\n`);
    },
  });
  const cpu = process.cpuUsage(cpuStart);
  const memory = process.memoryUsage();
  console.log(
    JSON.stringify({
      scenes: corpus.size,
      base: baseSize,
      build_ms: Math.round(corpus.buildMs),
      build_cpu_ms: Math.round((cpu.user + cpu.system) / 1000),
      us_per_observation: Number(((corpus.buildMs * 1000) / corpus.size).toFixed(1)),
      postings_mb: mb(corpus.text.postingBytes),
      grams: corpus.text.gramCount,
      heap_mb: mb(memory.heapUsed),
      array_buffers_mb: mb(memory.arrayBuffers),
      cpus: cpus().length,
      load_average: loadAverage(),
    }),
  );
  const bytes = await saveCorpus(corpus, file.catalog, file.path, identityOf(file));
  console.log(JSON.stringify({ index_file_mb: mb(bytes) }));
}

export async function loadIndex(file: IndexFile): Promise<Corpus> {
  const corpus = await loadCorpus(file.path, file.catalog, identityOf(file));
  if (corpus.size !== file.scenes) throw new Error(`${file.path} holds ${corpus.size} scenes, not ${file.scenes}`);
  return corpus;
}
