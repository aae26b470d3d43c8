import { expect } from 'vitest';
import { animatedImage, multipart } from '../fixtures.ts';
import { signedInUsers } from '../signed-in-users.ts';
import { startTestJiffy } from '../test-jiffy.ts';
import { asFile, type ContractHarness } from './harness.ts';

type Data<T> = { data: T };

/**
 * The moderation preview of an upload held for review. Only pre-moderation holds uploads
 * (MODERATION_MODE=pre), and the seed's Jiffy cannot run in it: the public API's upload (no
 * account) would be held, and every area calls it. So a Jiffy of its own, in pre-moderation,
 * answers these; its answers are held to the same document.
 */
export async function heldUploadCalls(h: ContractHarness): Promise<void> {
  const t = await startTestJiffy({ MODERATION_MODE: 'pre' });
  try {
    const { ann, mod } = await signedInUsers(t, [
      ['ann', 'user'],
      ['mod', 'moderator'],
    ]);
    const bytes = await animatedImage({ width: 96, height: 64, frames: 3, pattern: 'rings' });
    const form = multipart({ title: 'Held heron' }, { name: 'heron.gif', bytes });
    const uploaded = (await h.siteForm(ann!, 'POST', '/api/v1/uploads', 201, form)) as Data<{
      id: string;
    }>;
    const id = uploaded.data.id;
    expect(await t.waitForGif(id)).toBe('pending_review');
    const url = `/api/v3/moderation/gifs/${id}/preview`;
    const preview = asFile(await h.site(mod!, 'GET', url, 200));
    expect(preview.type).toBe('image/gif');
    expect(preview.bytes.subarray(0, 4).toString('latin1')).toBe('GIF8');
    await h.site(ann!, 'GET', url, 403);
    await h.site(mod!, 'GET', '/api/v3/moderation/gifs/nosuchgif1/preview', 404);
  } finally {
    await t.stop();
  }
}
