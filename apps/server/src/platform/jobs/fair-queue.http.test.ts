import path from 'node:path';
import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animatedImage, multipart } from '../../../testing/fixtures.ts';
import type { SiteClient } from '../../../testing/site-client.ts';
import { signedInUsers } from '../../../testing/signed-in-users.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

interface JobRun {
  kind: string;
  gifId: string;
  createdOn: Date;
  startedOn: Date | null;
  completedOn: Date | null;
}

// Fair queueing: with one worker, one uploader's backlog may not delay
// another uploader's next upload by more than the job in progress, and the demo seed (the
// instance's own uploads) runs behind every user's work. Asserted on the order the queue
// started the jobs in (its own table), not on wall-clock times.
describe('fair queueing of media jobs (one worker)', () => {
  let t: TestJiffy;
  let ann: SiteClient;
  let ben: SiteClient;
  // A backlog of three GIFs (Ann's uploads, then the seed's): a big one, in progress while the
  // two small ones queue behind it, which is all its size is for; the queued ones are what
  // another upload may not wait for, whatever their size. They differ: an exact re-upload by
  // the same user answers the first GIF.
  let backlog: Buffer[];
  let small: Buffer;

  beforeAll(async () => {
    t = await startTestJiffy({ WORKER_CONCURRENCY: '1' });
    ({ ann, ben } = (await signedInUsers(t, [
      ['ann', 'user'],
      ['ben', 'user'],
    ])) as { ann: SiteClient; ben: SiteClient });
    backlog = await Promise.all([
      animatedImage({ width: 640, height: 480, frames: 36 }),
      animatedImage({ width: 50, height: 50, frames: 6 }),
      animatedImage({ width: 50, height: 50, frames: 7 }),
    ]);
    small = await animatedImage({ width: 50, height: 50, frames: 4 });
  }, 60_000);
  afterAll(() => t.stop());

  const upload = async (client: SiteClient, bytes: Buffer, title: string) => {
    const form = multipart({ title }, { name: `${title}.gif`, bytes, type: 'image/gif' });
    const response = await client.request({ method: 'POST', url: '/api/v1/uploads', form });
    expect(response.statusCode).toBe(201);
    return response.json<{ data: { id: string } }>().data.id;
  };

  /**
   * Uploads and returns the GIF's id with the moment the upload was acknowledged. The queue's
   * created_on is the start of the upload's transaction, but the job is only visible to the
   * worker at commit: a job the worker takes in between was already in progress when the
   * uploader got the answer, which fair queueing allows. So the acknowledgement, not
   * created_on, is when the upload joined the queue.
   */
  const acknowledgedUpload = async (client: SiteClient, bytes: Buffer, title: string) => {
    const id = await upload(client, bytes, title);
    return { id, acknowledged: new Date() };
  };

  /** Every media job the queue has seen for GIFs, in the order they started. */
  const jobRuns = async (): Promise<JobRun[]> => {
    const result = await t.jiffy.database.queueExecutor.executeSql(
      `SELECT data, created_on, started_on, completed_on FROM ${t.jiffy.services.queue.schema}.job
        WHERE data->>'name' LIKE 'gif.%' AND data->>'name' <> 'gif.settle'
        ORDER BY started_on NULLS LAST, created_on`,
      [],
    );
    return (
      result.rows as {
        data: { name: string; data: { gifId: string } };
        created_on: Date;
        started_on: Date | null;
        completed_on: Date | null;
      }[]
    ).map((r) => ({
      kind: r.data.name,
      gifId: r.data.data.gifId,
      createdOn: new Date(r.created_on),
      startedOn: r.started_on && new Date(r.started_on),
      completedOn: r.completed_on && new Date(r.completed_on),
    }));
  };

  it("runs another uploader's next upload right after the job in progress", async () => {
    const annIds: string[] = [];
    for (let i = 0; i < 3; i++) annIds.push(await upload(ann, backlog[i]!, `ann-${i}`));
    const { id: benId, acknowledged } = await acknowledgedUpload(ben, small, 'ben-small');
    await t.waitForGif(benId);
    for (const id of annIds) await t.waitForGif(id, { complete: true });

    const runs = await jobRuns();
    const benRun = runs.find((r) => r.gifId === benId && r.kind === 'gif.process')!;
    // Jobs that started after Ben's upload was acknowledged and before his: none may have. Only
    // the job already running when he uploaded (Ann's first) comes before him.
    const annOrder = runs.filter((r) => r.kind === 'gif.process' && annIds.includes(r.gifId));
    console.info(
      `fair queue: small upload waited ${benRun.completedOn!.getTime() - benRun.createdOn.getTime()} ms to be ready ` +
        `(${runs.filter((r) => r.completedOn! > benRun.createdOn && r.completedOn! < benRun.completedOn! && r.gifId !== benId).length} other jobs ended meanwhile); ` +
        `Ann's essential jobs took ${annOrder.map((r) => r.completedOn!.getTime() - r.startedOn!.getTime()).join(', ')} ms`,
    );
    const startedInBetween = runs.filter(
      (r) => r.startedOn! > acknowledged && r.startedOn! < benRun.startedOn!,
    );
    expect(startedInBetween.map((r) => `${r.kind} ${r.gifId}`)).toEqual([]);
    // Ann had a backlog when Ben uploaded (else this would prove nothing): her second upload
    // had not started yet.
    expect(annOrder[1]!.startedOn!.getTime()).toBeGreaterThan(benRun.createdOn.getTime());
    // Ann's own uploads still run in the order she sent them.
    expect(annOrder.map((r) => r.gifId)).toEqual(annIds);
  }, 120_000);

  it('runs the demo seed (the instance’s own uploads) after a user’s whole upload', async () => {
    const seedIds: string[] = [];
    const dir = await fs.mkdtemp(path.join(t.dataDir, 'seed-'));
    for (let i = 0; i < 3; i++) {
      const file = path.join(dir, `seed-${i}.gif`);
      await fs.writeFile(file, backlog[i]!);
      seedIds.push(
        (
          await t.jiffy.services.uploads.createFromFile({
            tempPath: file,
            filename: `seed-${i}.gif`,
            uploaderId: null,
            asInstance: true,
            input: {
              title: `seed ${i}`,
              tags: [],
              sourcePostUrl: null,
              isSticker: false,
              rating: 'g',
              altText: '',
              username: null,
              lang: 'en',
            },
          })
        ).id,
      );
    }
    t.jiffy.services.queue.wake();
    const { id: benId, acknowledged } = await acknowledgedUpload(
      ben,
      // Not his first upload's bytes: that would answer the GIF he already has.
      await animatedImage({ width: 50, height: 50, frames: 5 }),
      'ben-after-seed',
    );
    await t.waitForGif(benId, { complete: true });
    for (const id of seedIds) await t.waitForGif(id, { complete: true });

    const runs = await jobRuns();
    const benRuns = runs.filter((r) => r.gifId === benId);
    const queued = benRuns.find((r) => r.kind === 'gif.process')!.createdOn;
    const rest = benRuns.find((r) => r.kind === 'gif.renditions-rest')!;
    console.info(
      `seed backlog: small upload's full set took ${rest.completedOn!.getTime() - queued.getTime()} ms`,
    );
    // From Ben's acknowledged upload until his last job started, only his own jobs started (a
    // seed job the worker took while his upload was being committed was in progress). Not until
    // that job's completed_on: pg-boss records a completion without awaiting it before fetching
    // the next job, so the next one's started_on can precede it by a millisecond or two.
    const others = runs.filter(
      (r) => r.gifId !== benId && r.startedOn! > acknowledged && r.startedOn! < rest.startedOn!,
    );
    expect(others.map((r) => `${r.kind} ${r.gifId}`)).toEqual([]);
  }, 120_000);
});
