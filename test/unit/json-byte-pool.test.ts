import { describe, expect, it } from 'vitest';
import { BytePool } from '../../core/json/byte-pool.ts';

describe('BytePool', () => {
  it('hands a buffer out again only once it is released', () => {
    const pool = new BytePool(1024, 8);
    const lent = [pool.acquire(), pool.acquire()];
    const others = Array.from({ length: 20 }, () => pool.acquire());
    for (const buffer of others) expect(lent).not.toContain(buffer);
    for (const buffer of others) pool.release(buffer);
    for (let i = 0; i < 20; i++) expect(lent).not.toContain(pool.acquire());
    pool.release(lent[1] as Buffer);
    expect(pool.acquire()).toBe(lent[1]);
  });

  it('keeps only buffers of its size, and at most maxFree of them', () => {
    const pool = new BytePool(1024, 2);
    pool.release(Buffer.allocUnsafeSlow(2048));
    expect(pool.freeCount).toBe(0);
    expect(pool.acquire().length).toBe(1024);
    for (const buffer of [pool.acquire(), pool.acquire(), pool.acquire()]) pool.release(buffer);
    expect(pool.freeCount).toBe(2);
  });
});
