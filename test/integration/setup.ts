import { afterAll } from 'vitest';

// Every integration file releases the shared store when it ends, so the next file can open it. Imported only then:
// importing the server helper up front would load the project's modules before a test file's vi.mock could apply to
// them (release/ground-truth-unread.test.ts records node:fs that way).
afterAll(async () => {
  const { closeTestRelease } = await import('../helpers/server.ts');
  await closeTestRelease();
});
