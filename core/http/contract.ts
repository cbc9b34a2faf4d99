import { readFileSync } from 'node:fs';
import { load } from 'js-yaml';
import type { SpecDocument } from '../spec.ts';

// The OpenAPI documents served at a URL (`/v1/openapi.{json,yaml}`, `/explore/api/openapi.{json,yaml}`): the files of
// spec/ as they are, but for `servers`, which names where this server is reached, so that a client generated from
// the served document calls this server. YAML is the file's own text with its `servers` block replaced; JSON is the
// same document converted. Each is printed once per base URL.

export interface ContractFile {
  bytes: Uint8Array<ArrayBuffer>;
  contentType: string;
}

const yamlType = 'application/yaml; charset=utf-8';
const jsonType = 'application/json; charset=utf-8';
// The top-level `servers:` key and its indented entries, up to the next top-level key.
const serversBlock = /^servers:\n(?:[ #].*\n|\n)*/m;

export class ServedContract {
  readonly #text: string;
  readonly #document: Record<string, unknown>;
  readonly #printed = new Map<string, ContractFile>();

  constructor(spec: SpecDocument) {
    this.#text = readFileSync(spec.file, 'utf8');
    if (!serversBlock.test(this.#text)) throw new Error(`${spec.file}: no top-level servers block to fill in`);
    this.#document = load(this.#text) as Record<string, unknown>;
  }

  file(format: 'json' | 'yaml', base: string): ContractFile {
    const key = `${format} ${base}`;
    let printed = this.#printed.get(key);
    if (!printed) {
      printed = format === 'yaml' ? this.#yaml(base) : this.#json(base);
      // A handful of base URLs at most (PUBLIC_BASE_URL, or the addresses the server listens on).
      if (this.#printed.size < 16) this.#printed.set(key, printed);
    }
    return printed;
  }

  #yaml(base: string): ContractFile {
    const servers = `servers:\n  - url: ${base}\n    description: this server\n`;
    return { bytes: encode(this.#text.replace(serversBlock, servers)), contentType: yamlType };
  }

  #json(base: string): ContractFile {
    const document = { ...this.#document, servers: [{ url: base, description: 'this server' }] };
    return { bytes: encode(JSON.stringify(document)), contentType: jsonType };
  }
}

function encode(text: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(text, 'utf8')) as Uint8Array<ArrayBuffer>;
}
