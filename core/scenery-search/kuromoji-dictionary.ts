/**
 * Loads kuromoji's IPADIC dictionary in a third of the memory its own loader takes (~110 MB resident instead of
 * ~310 MB, measured): files are gunzipped one at a time without the loader's extra copy of each, the zero padding
 * at the end of the byte buffers is dropped (their readers answer 0, or end a string, past the end, as for zeros),
 * and the surface → token map (a JS object of 326 000 arrays, ~70 MB of heap) becomes two typed arrays behind a
 * read-only proxy. Same dictionary, same tokens: the tokenizer is kuromoji's own, given these dictionaries.
 * kuromoji 0.1.2 is pinned and unmaintained, so the internal modules used here do not move.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import type kuromoji from 'kuromoji';

const require = createRequire(import.meta.url);

interface DynamicDictionaries {
  loadTrie(base: Int32Array, check: Int32Array): void;
  loadConnectionCosts(costs: Int16Array): void;
  loadUnknownDictionaries(
    unk: Uint8Array,
    unkPos: Uint8Array,
    unkMap: Uint8Array,
    catMap: Uint8Array,
    compatCatMap: Uint32Array,
    invokeDef: Uint8Array,
  ): void;
  token_info_dictionary: {
    loadDictionary(buffer: Uint8Array): void;
    loadPosVector(buffer: Uint8Array): void;
    target_map: unknown;
  };
}

type TokenizerConstructor = new (dictionaries: DynamicDictionaries) => kuromoji.Tokenizer<kuromoji.IpadicFeatures>;

function dictionaryDir(): string {
  return join(dirname(require.resolve('kuromoji/package.json')), 'dict');
}

const gunzipAsync = promisify(gunzip);
// The dictionary is 100 MB unpacked: zlib's default 16 KB output chunks made ~6 100 callbacks and concats, a third
// of the load's CPU; 1 MB chunks give the same bytes.
const CHUNK = 1 << 20;

/** A dictionary file's bytes, in a buffer of their own (typed views of any width need offset 0). */
async function readDictionaryFile(dir: string, name: string): Promise<Uint8Array> {
  const bytes = await gunzipAsync(await readFile(join(dir, name)), { chunkSize: CHUNK });
  return bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length ? bytes : new Uint8Array(bytes);
}

/** Drops trailing zeros, keeping a margin so a field that ends in zero bytes is still read whole. */
function trimmed(bytes: Uint8Array): Uint8Array {
  let end = bytes.length;
  while (end > 0 && bytes[end - 1] === 0) end--;
  return end + 16 >= bytes.length ? bytes : bytes.slice(0, end + 16);
}

/**
 * kuromoji's target map (trie id → token info ids) as a proxy over typed arrays. The file is: a count, then
 * (key, n, n values) records until its end (zeros pad it); records of one key add up in file order, as kuromoji's
 * own loader does.
 */
function compactTargetMap(bytes: Uint8Array): unknown {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const readAll = (visit: (key: number, value: number) => void, visitKey: (key: number) => void) => {
    let p = 4;
    while (p + 8 <= bytes.length) {
      const key = view.getInt32(p, true);
      const n = view.getInt32(p + 4, true);
      p += 8;
      if (n > 0) visitKey(key);
      for (let i = 0; i < n && p + 4 <= bytes.length; i++, p += 4) visit(key, view.getInt32(p, true));
    }
  };
  let maxKey = -1;
  let total = 0;
  readAll(
    () => total++,
    (key) => {
      maxKey = Math.max(maxKey, key);
    },
  );
  const counts = new Uint32Array(maxKey + 2);
  readAll(
    (key) => {
      counts[key + 1] = (counts[key + 1] as number) + 1;
    },
    () => undefined,
  );
  const starts = new Uint32Array(maxKey + 2);
  for (let k = 1; k < starts.length; k++) starts[k] = (starts[k - 1] as number) + (counts[k] as number);
  const values = new Int32Array(total);
  const filled = starts.slice(0, maxKey + 1);
  readAll(
    (key, value) => {
      values[filled[key] as number] = value;
      filled[key] = (filled[key] as number) + 1;
    },
    () => undefined,
  );
  return new Proxy(
    {},
    {
      get(_target, property) {
        if (typeof property !== 'string') return undefined;
        const key = Number(property);
        if (!Number.isInteger(key) || key < 0 || key > maxKey) return undefined;
        const from = starts[key] as number;
        const to = starts[key + 1] as number;
        return from === to ? undefined : values.subarray(from, to);
      },
    },
  );
}

/**
 * kuromoji's tokenizer over the compactly loaded IPADIC dictionary. Files are read one after another (off the event
 * loop), so only one file's compressed and uncompressed bytes are in flight at a time.
 */
export async function loadCompactTokenizer(): Promise<kuromoji.Tokenizer<kuromoji.IpadicFeatures>> {
  const DynamicDictionaries = require('kuromoji/src/dict/DynamicDictionaries.js') as new () => DynamicDictionaries;
  const Tokenizer = require('kuromoji/src/Tokenizer.js') as TokenizerConstructor;
  const dir = dictionaryDir();
  const read = (name: string) => readDictionaryFile(dir, name);
  const dictionaries = new DynamicDictionaries();
  const int32 = (bytes: Uint8Array) => new Int32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4);
  dictionaries.loadTrie(int32(await read('base.dat.gz')), int32(await read('check.dat.gz')));
  const tokens = dictionaries.token_info_dictionary;
  tokens.loadDictionary(trimmed(await read('tid.dat.gz')));
  tokens.loadPosVector(trimmed(await read('tid_pos.dat.gz')));
  tokens.target_map = compactTargetMap(await read('tid_map.dat.gz'));
  const costs = await read('cc.dat.gz');
  dictionaries.loadConnectionCosts(new Int16Array(costs.buffer, costs.byteOffset, costs.length / 2));
  const compat = await read('unk_compat.dat.gz');
  dictionaries.loadUnknownDictionaries(
    trimmed(await read('unk.dat.gz')),
    trimmed(await read('unk_pos.dat.gz')),
    trimmed(await read('unk_map.dat.gz')),
    await read('unk_char.dat.gz'),
    new Uint32Array(compat.buffer, compat.byteOffset, compat.length / 4),
    // The file is 1 MB of zeros after its 11 character classes; kuromoji reads classes until the end, so untrimmed
    // it made ~150 000 empty CharacterClass objects (~11 MB of heap) that no character refers to.
    trimmed(await read('unk_invoke.dat.gz')),
  );
  return new Tokenizer(dictionaries);
}
