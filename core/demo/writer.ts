/** Streaming NDJSON(.gz) writer with back-pressure, so a million rows need bounded memory. */

import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { createGzip, type Gzip } from 'node:zlib';

const FLUSH_AT = 1 << 20;

export class NdjsonWriter {
  rows = 0;
  private buffer: string[] = [];
  private size = 0;
  private readonly head: Gzip | WriteStream;
  private readonly file: WriteStream;

  constructor(path: string) {
    this.file = createWriteStream(path);
    if (path.endsWith('.gz')) {
      const gzip = createGzip({ level: 3 });
      gzip.pipe(this.file);
      this.head = gzip;
    } else this.head = this.file;
  }

  /** Queues a row; resolves at once unless the buffer had to be handed to a busy stream. */
  async write(row: unknown): Promise<void> {
    const line = `${JSON.stringify(row)}\n`;
    this.buffer.push(line);
    this.size += line.length;
    this.rows += 1;
    if (this.size >= FLUSH_AT) await this.flush();
  }

  private async flush(): Promise<void> {
    if (this.buffer.length === 0) return;
    const chunk = this.buffer.join('');
    this.buffer = [];
    this.size = 0;
    if (!this.head.write(chunk)) await once(this.head, 'drain');
  }

  async close(): Promise<void> {
    await this.flush();
    const done = once(this.file, 'close');
    this.head.end();
    await done;
  }
}
