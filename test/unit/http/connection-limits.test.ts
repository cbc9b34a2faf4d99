import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../core/config.ts';
import { connectionLimitsOf, descriptorLimit, reservedDescriptors } from '../../../core/http/connection-limits.ts';

const limitsText = (soft: string) =>
  [
    'Limit                     Soft Limit           Hard Limit           Units     ',
    'Max processes             unlimited            unlimited            processes ',
    `Max open files            ${soft.padEnd(20)} 1048576              files     `,
  ].join('\n');

const unset = { maxConnections: null, maxConnectionsPerClient: null, trustProxy: 0 };

describe('descriptorLimit', () => {
  it('reads the soft limit on open files', () => {
    expect(descriptorLimit(limitsText('20000'))).toBe(20_000);
    expect(descriptorLimit(limitsText('unlimited'))).toBe(Number.MAX_SAFE_INTEGER);
    expect(descriptorLimit('nothing here')).toBeNull();
  });

  it('reads this process’s limit where /proc exists', () => {
    const limit = descriptorLimit();
    if (limit !== null) expect(limit).toBeGreaterThan(0);
  });
});

describe('connectionLimitsOf', () => {
  it('keeps the total below the descriptor limit and gives each client 64 by default', () => {
    expect(connectionLimitsOf(unset, 20_000)).toEqual({ total: 20_000 - reservedDescriptors, perClient: 64 });
    expect(connectionLimitsOf(unset, 1024)).toEqual({ total: 1024 - reservedDescriptors, perClient: 64 });
  });

  it('lets a trusted proxy, the one TCP peer, use the whole total unless a per-client cap is set', () => {
    expect(connectionLimitsOf({ ...unset, trustProxy: 1 }, 20_000).perClient).toBe(20_000 - reservedDescriptors);
    expect(connectionLimitsOf({ ...unset, trustProxy: 1, maxConnectionsPerClient: 500 }, 20_000).perClient).toBe(500);
  });

  it('takes configured caps, a per-client cap never above the total', () => {
    const config = { ...unset, maxConnections: 100, maxConnectionsPerClient: 400 };
    expect(connectionLimitsOf(config, 20_000)).toEqual({ total: 100, perClient: 100 });
  });

  it('refuses a MAX_CONNECTIONS the descriptor limit cannot hold, saying what to do', () => {
    const config = { ...unset, maxConnections: 5000 };
    expect(() => connectionLimitsOf(config, 1024)).toThrow(ConfigError);
    expect(() => connectionLimitsOf(config, 1024)).toThrow(
      `MAX_CONNECTIONS 5000 does not fit the file-descriptor limit (ulimit -n 1024) less ${reservedDescriptors} for ` +
        `the store; set it to at most ${1024 - reservedDescriptors} or raise ulimit -n`,
    );
  });
});
