import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { releaseWhenSent, writeBody } from '../../../core/http/lent-body.ts';
import { jsonTextResponse } from '../../../core/http/respond.ts';

// A lent body's memory goes back to the pool when node:http says its response is sent ('finish'), not before. The
// same under real sockets: test/integration/lent-bodies.test.ts.

const memoryOf = (body: Uint8Array) => body.buffer;
const text = (body: Uint8Array) => Buffer.from(body).toString('utf8');

// Bodies written while `lent` is held; none may be written into its memory.
function writeOthers(count: number): ArrayBufferLike[] {
  return Array.from({ length: count }, (_, i) => {
    const other = writeBody((writer) => writer.text(`{"other":${i}}`));
    other.release();
    return memoryOf(other.body);
  });
}

describe('lent bodies', () => {
  it('keep their bytes while lent, and their memory is used again once released', () => {
    const lent = writeBody((writer) => writer.text('{"kept":"歩道"}'));
    expect(writeOthers(10)).not.toContain(memoryOf(lent.body));
    expect(text(lent.body)).toBe('{"kept":"歩道"}');
    lent.release();
    expect(writeOthers(1)).toContain(memoryOf(lent.body));
  });

  it("are given back when their response emits 'finish', not when it is written", () => {
    const lent = writeBody((writer) => writer.text('{"count":1}'));
    const response = jsonTextResponse(200, lent, {});
    const res = new EventEmitter() as unknown as ServerResponse;
    releaseWhenSent(response, res);
    res.emit('prefinish');
    expect(writeOthers(10)).not.toContain(memoryOf(lent.body));
    expect(text(lent.body)).toBe('{"count":1}');
    res.emit('finish');
    expect(writeOthers(1)).toContain(memoryOf(lent.body));
  });
});
