import { rm } from 'node:fs/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestRelease } from '../../../core/release/ingest.ts';
import type { Manifest } from '../../../core/release/manifest-types.ts';
import { changeCommand, listCommand, ReleaseCommandError, showCommand } from '../../../core/release/release-command.ts';
import { getRelease, insertRelease, RELEASE_CHANNEL } from '../../../core/store/releases.ts';
import type { Store } from '../../../core/store/types.ts';
import { writeRelease } from '../store/fixture.ts';
import { storeVariants } from '../store/variants.ts';

// The release command's logic (core/release/release-command.ts) on each store, in process: the cases run in order
// on one store holding two small fixture releases, A (published) and B (staged), and walk publish → rollback →
// re-offer. On PostgreSQL a client LISTENs on the release channel: each change is announced once committed, and a
// refused one (rolled back) never is. Ids carry a random part: other runs may announce on the same database.

const tag = `rs${Math.floor(Math.random() * 1e9)}`;
const A = `${tag}-a`;
const B = `${tag}-b`;
const C = `${tag}-building`;
const notifyWaitMs = 5000;

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ReleaseCommandError);
  return (error as Error).message;
}

/** LISTENs on the release channel and hands out this run's notifications in order, each waited for at most `ms`. */
async function listen(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  const queued: unknown[] = [];
  let wake = () => {};
  client.on('notification', (message) => {
    const payload = JSON.parse(message.payload ?? 'null') as { release_id?: string };
    if (message.channel !== RELEASE_CHANNEL || !payload?.release_id?.startsWith(tag)) return;
    queued.push(payload);
    wake();
  });
  await client.connect();
  await client.query(`LISTEN ${RELEASE_CHANNEL}`);
  return {
    async next(ms = notifyWaitMs): Promise<unknown> {
      const deadline = Date.now() + ms;
      while (queued.length === 0 && Date.now() < deadline) {
        await new Promise<void>((done) => {
          wake = done;
          setTimeout(done, deadline - Date.now());
        });
      }
      if (queued.length === 0) throw new Error(`no notification on ${RELEASE_CHANNEL} within ${ms} ms`);
      return queued.shift();
    },
    close: () => client.end(),
  };
}

for (const variant of storeVariants()) {
  const postgresUrl = variant.name === 'PostgreSQL' ? process.env.TEST_DATABASE_URL : undefined;

  describe(`release command on ${variant.name}`, () => {
    let store: Store;
    const manifests: Record<string, Manifest> = {};
    const folders: string[] = [];
    let listener: Awaited<ReturnType<typeof listen>> | null = null;
    // On PostgreSQL, the next announcement must be this one; on PGlite there is no other process to tell.
    const announced = async (release_id: string, status: string) => {
      if (listener) expect(await listener.next()).toEqual({ release_id, status });
    };
    const served = async () => (await listCommand(store)).served;

    beforeAll(async () => {
      store = (await variant.openFresh()).store;
      for (const [releaseId, status, createdAt, publishedAt] of [
        [A, 'published', '2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z'],
        [B, 'staged', '2026-02-01T00:00:00Z', null],
      ] as const) {
        const written = await writeRelease({ releaseId, status, createdAt, publishedAt });
        folders.push(written.dir);
        manifests[releaseId] = written.manifest;
        await ingestRelease(store, written.dir);
      }
      if (postgresUrl) listener = await listen(postgresUrl);
    });

    afterAll(async () => {
      await listener?.close();
      await store?.close();
      await variant.cleanup();
      for (const dir of folders) await rm(dir, { recursive: true, force: true });
    });

    it('list: every release newest first, its dates, the counts ingest checked, and which is served and why', async () => {
      const listing = await listCommand(store);
      expect(listing.served).toEqual({ release_id: A, reason: 'latest published' });
      expect(listing.releases.map((r) => [r.release_id, r.status, r.created_at, r.published_at])).toEqual([
        [B, 'staged', '2026-02-01T00:00:00.000Z', null],
        [A, 'published', '2026-01-01T00:00:00.000Z', '2026-01-02T00:00:00.000Z'],
      ]);
      for (const release of listing.releases) {
        expect(Object.entries(release.row_counts)).toEqual(
          Object.entries(manifests[release.release_id]?.row_counts ?? {}),
        );
        expect(release.data_as_of).toBe(manifests[release.release_id]?.data_as_of);
      }
    });

    it('show: one release with its manifest; an unknown id is refused', async () => {
      const detail = await showCommand(store, B);
      expect(detail.release).toMatchObject({ release_id: B, status: 'staged', published_at: null });
      expect(detail.manifest.release_id).toBe(B);
      expect(detail.served?.release_id).toBe(A);
      expect(await refusal(showCommand(store, `${tag}-none`))).toBe(
        `no release ${tag}-none in the store (npm run release -- list names them)`,
      );
    });

    it('publish: a staged release becomes the latest published and is served; announced at commit', async () => {
      const before = Date.now();
      expect(await changeCommand(store, 'publish', B)).toEqual({
        release_id: B,
        from: 'staged',
        to: 'published',
        served: { release_id: B, reason: 'latest published' },
      });
      const stored = await getRelease(store, B);
      expect(Date.parse(stored?.published_at ?? '')).toBeGreaterThanOrEqual(before - 1000);
      // The manifest /v1/provenance serves says the same.
      expect([stored?.manifest.status, stored?.manifest.published_at]).toEqual(['published', stored?.published_at]);
      await announced(B, 'published');
    });

    it('refuses what the table does not allow, naming the current state, and changes nothing', async () => {
      expect(await refusal(changeCommand(store, 'publish', B))).toBe(
        `release ${B} is already published; cannot publish it (allowed from published: withdraw)`,
      );
      expect(await refusal(changeCommand(store, 'stage', B))).toBe(
        `release ${B} is published; cannot stage it (allowed from published: withdraw)`,
      );
      expect(await refusal(changeCommand(store, 'withdraw', `${tag}-none`))).toMatch(/^no release /);
      await insertRelease(store, { ...(manifests[A] as Manifest), release_id: C, status: 'building' });
      expect(await refusal(changeCommand(store, 'publish', C))).toBe(
        `release ${C} is building; cannot publish it (no change is allowed until its ingest has finished)`,
      );
      expect((await getRelease(store, B))?.status).toBe('published');
      expect((await getRelease(store, C))?.status).toBe('building');
    });

    it('withdraw the served release: the rollback, back to the previous published one', async () => {
      expect(await changeCommand(store, 'withdraw', B)).toMatchObject({
        from: 'published',
        to: 'withdrawn',
        served: { release_id: A, reason: 'latest published' },
      });
      expect((await getRelease(store, B))?.manifest.status).toBe('withdrawn');
      await announced(B, 'withdrawn');
    });

    it('refuses to withdraw the last servable release, rolled back whole (nothing announced)', async () => {
      expect(await refusal(changeCommand(store, 'withdraw', A))).toBe(
        `release ${A} is the only published or staged release; withdrawing it would leave nothing to serve ` +
          '(ingest or stage another release first, then withdraw this one)',
      );
      expect((await getRelease(store, A))?.status).toBe('published');
      expect(await served()).toEqual({ release_id: A, reason: 'latest published' });
    });

    it('stage re-offers a withdrawn release: not published, so the published one stays served', async () => {
      expect(await changeCommand(store, 'stage', B)).toMatchObject({ from: 'withdrawn', to: 'staged' });
      expect((await getRelease(store, B))?.published_at).toBeNull();
      expect(await served()).toEqual({ release_id: A, reason: 'latest published' });
      // The refused withdrawal of A above was never announced: this is the next announcement.
      await announced(B, 'staged');
    });

    it('with no release published, the latest staged one is served', async () => {
      expect(await changeCommand(store, 'withdraw', A)).toMatchObject({
        served: { release_id: B, reason: 'latest staged, none published' },
      });
      await announced(A, 'withdrawn');
    });
  });
}
