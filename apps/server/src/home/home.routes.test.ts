import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animatedImage, multipart } from '../testing/fixtures.ts';
import { startTestJiffy, type TestJiffy } from '../testing/test-jiffy.ts';

describe('GET / (interim home page)', () => {
  let t: TestJiffy;
  beforeAll(async () => {
    t = await startTestJiffy();
  });
  afterAll(() => t.stop());

  it('says so when there is nothing yet', async () => {
    const page = await t.jiffy.app!.inject('/');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Nothing here yet');
  });

  it('shows ready GIFs as tiles with their title escaped', async () => {
    const bytes = await animatedImage({ width: 100, height: 80, frames: 3 });
    const title = '<script>alert(1)</script> Party';
    const { id } = (
      await t.jiffy.app!.inject({
        method: 'POST',
        url: '/v1/gifs',
        ...multipart({ api_key: t.apiKey, title }, { name: 'p.gif', bytes }),
      })
    ).json<{ data: { id: string } }>().data;
    await t.waitForGif(id);
    const page = await t.jiffy.app!.inject('/');
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.body).toContain(`/media/${id}/fixed_width.gif`);
    expect(page.body).toContain(`/media/${id}/fixed_width.webp`);
    expect(page.body).toContain('&#60;script&#62;alert(1)&#60;/script&#62; Party');
    expect(page.body).not.toContain('<script>');
  });
});
