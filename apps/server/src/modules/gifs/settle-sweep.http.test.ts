import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertGifRow } from '../../../testing/gif-rows.ts';
import type { LocalStorage } from '../../platform/storage/local-storage.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

const HOUR_AGO = new Date(Date.now() - 3600_000);

// What a job's end left unsettled is settled by the sweep, and nothing else.
// (e2e/interrupted-jobs.system.test.ts gets here by killing a real process; this covers the cases
// the sweep must leave alone.) Workers are not started, so no job runs behind the test's back.
describe('settle sweep', () => {
  let t: TestJiffy;
  beforeAll(async () => {
    t = await startTestJiffy({ ORPHAN_GRACE_SECONDS: '600' }, { startWorkers: false });
  });
  afterAll(() => t.stop());

  const storeFile = async (key: string, modifiedAt: Date) => {
    const file = path.join(t.dataDir, 'blob');
    await fs.writeFile(file, 'bytes');
    await t.jiffy.services.storage.putFile(key, file);
    // Back-dated on disk: this file runs on the local backend.
    const storage = t.jiffy.services.storage as LocalStorage;
    await fs.utimes(storage.pathOf(key), modifiedAt, modifiedAt);
  };
  const exists = async (key: string) => (await t.jiffy.services.storage.stat(key)) !== null;
  const gif = (id: string) => t.jiffy.services.gifRepository.findById(id);

  it('fails a processing GIF with no job, and leaves one whose job is waiting', async () => {
    const { gifRepository, queue } = t.jiffy.services;
    await insertGifRow(gifRepository, { id: 'orphanProcessing', status: 'processing' });
    await insertGifRow(gifRepository, { id: 'queuedProcessing', status: 'processing' });
    await queue.enqueue({ name: 'gif.process', data: { gifId: 'queuedProcessing' } });
    await insertGifRow(gifRepository, { id: 'restOrphan', status: 'ready' });
    await insertGifRow(gifRepository, { id: 'restQueued', status: 'ready' });
    await queue.enqueue({ name: 'gif.renditions-rest', data: { gifId: 'restQueued' } });

    await t.jiffy.services.settleSweep.run();

    expect(await gif('orphanProcessing')).toMatchObject({
      status: 'failed',
      failure_code: 'processing_interrupted',
    });
    expect(await gif('queuedProcessing')).toMatchObject({ status: 'processing' });
    expect(await gif('restOrphan')).toMatchObject({
      status: 'ready',
      renditions_complete: false,
      failure_code: 'renditions_failed',
    });
    expect(await gif('restQueued')).toMatchObject({ status: 'ready', failure_code: null });
    const status = await t.jiffy.services.gifReads.getUploadStatus('restOrphan');
    expect(status.renditions_error?.code).toBe('renditions_failed');
    // The operator's count of GIFs still waiting for renditions leaves the given-up one out.
    const stats = await t.jiffy.app.inject({ url: '/api/v1/instance/stats' });
    expect(stats.json<{ data: { renditions_pending: number } }>().data.renditions_pending).toBe(1);
  });

  it('removes old files no row references, and keeps referenced, young and live ones', async () => {
    const { gifRepository } = t.jiffy.services;
    await insertGifRow(gifRepository, {
      id: 'settledGif',
      status: 'failed',
      original_key: 'gifs/settledGif/source',
    });
    await storeFile('gifs/settledGif/source', HOUR_AGO);
    await storeFile('gifs/settledGif/fixed_width.gif', HOUR_AGO);
    // An upload that never got its row, and one still in flight (inside the grace period).
    await storeFile('gifs/neverRecorded/source', HOUR_AGO);
    await storeFile('gifs/inFlight/source', new Date());
    // A GIF whose job is waiting: its files are the job's business.
    await storeFile('gifs/queuedProcessing/fixed_width.gif', HOUR_AGO);

    const outcome = await t.jiffy.services.settleSweep.run();

    expect(await exists('gifs/settledGif/source')).toBe(true);
    expect(await exists('gifs/settledGif/fixed_width.gif')).toBe(false);
    expect(await exists('gifs/neverRecorded/source')).toBe(false);
    expect(await exists('gifs/inFlight/source')).toBe(true);
    expect(await exists('gifs/queuedProcessing/fixed_width.gif')).toBe(true);
    expect(outcome.blobsRemoved).toBe(2);
    // The emptied folder goes too.
    await expect(fs.stat(path.join(t.dataDir, 'media', 'gifs', 'neverRecorded'))).rejects.toThrow();
  });

  it('removes avatar files a crash left, and keeps the avatar, the pending one and the defaults', async () => {
    const { users } = t.jiffy.services;
    await users.insert({ id: 'idava', username: 'ava', display_name: 'Ava', role: 'user' });
    await users.setAvatarKey('idava', 'cccccccccccccccc');
    await users.setAvatarPending('idava', 'dddddddddddddddd');
    const kept = [
      'avatars/idava/cccccccccccccccc/80h.gif',
      'avatars/idava/cccccccccccccccc.gif',
      'avatar-sources/idava/dddddddddddddddd',
      'avatars/default1/200w.gif',
      'avatar-sources/idava/eeeeeeeeeeeeeeee',
    ];
    const orphans = [
      // A source stored before a crash kept its row (and job) from being committed.
      'avatar-sources/idava/ffffffffffffffff',
      // A set rendered for an upload that a newer one superseded before its files were cleared.
      'avatars/idava/aaaaaaaaaaaaaaaa/80h.gif',
      'avatars/idava/aaaaaaaaaaaaaaaa.gif',
    ];
    for (const key of [...kept, ...orphans])
      await storeFile(key, key.endsWith('eeeeeeeeeeeeeeee') ? new Date() : HOUR_AGO);

    const outcome = await t.jiffy.services.settleSweep.run();

    for (const key of kept) expect(await exists(key), key).toBe(true);
    for (const key of orphans) expect(await exists(key), key).toBe(false);
    expect(outcome.avatarFilesRemoved).toBe(3);
  });
});
