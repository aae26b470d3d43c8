import type { Gif } from '@jiffy/contracts';
import { describe, expect, it } from 'vitest';
import { unfurlTags } from './unfurl-tags.ts';

const publicUrl = 'https://jiffy.example';

function gifFixture(overrides: Partial<Gif> = {}): Gif {
  return {
    id: 'abc123',
    url: `${publicUrl}/gifs/cat-abc123`,
    embed_url: `${publicUrl}/embed/abc123`,
    title: 'Cat <jumps> & "falls"',
    alt_text: '',
    tags: ['cat', 'fail'],
    images: {
      original: {
        url: `${publicUrl}/media/abc123/giphy.gif`,
        width: '480',
        height: '270',
        mp4: `${publicUrl}/media/abc123/giphy.mp4`,
      },
      original_still: { url: `${publicUrl}/media/abc123/giphy_s.gif`, width: '480', height: '270' },
    },
    ...overrides,
  } as unknown as Gif;
}

describe('unfurlTags', () => {
  it('emits Open Graph image/video, a Twitter player card and the oEmbed discovery link', () => {
    const html = unfurlTags(gifFixture(), { publicUrl, siteName: 'Jiffy' });
    expect(html).toContain('<meta property="og:site_name" content="Jiffy">');
    expect(html).toContain(
      `<meta property="og:image" content="${publicUrl}/media/abc123/giphy_s.gif">`,
    );
    expect(html).toContain('<meta property="og:image:type" content="image/gif">');
    expect(html).toContain('<meta property="og:image:width" content="480">');
    expect(html).toContain(
      `<meta property="og:video" content="${publicUrl}/media/abc123/giphy.mp4">`,
    );
    expect(html).toContain(
      `<meta property="og:video:secure_url" content="${publicUrl}/media/abc123/giphy.mp4">`,
    );
    expect(html).toContain('<meta property="og:video:type" content="video/mp4">');
    expect(html).toContain('<meta name="twitter:card" content="player">');
    expect(html).toContain(`<meta name="twitter:player" content="${publicUrl}/embed/abc123">`);
    expect(html).toContain(
      `<meta name="twitter:player:stream" content="${publicUrl}/media/abc123/giphy.mp4">`,
    );
    expect(html).toContain(`<link rel="canonical" href="${publicUrl}/gifs/cat-abc123">`);
    expect(html).toContain(
      `<link rel="alternate" type="application/json+oembed" href="${publicUrl}/oembed?url=${encodeURIComponent(`${publicUrl}/gifs/cat-abc123`)}&#38;format=json"`,
    );
  });

  it('escapes the title and falls back to the name and tags for the description', () => {
    const html = unfurlTags(gifFixture(), { publicUrl, siteName: 'Jiffy' });
    expect(html).toContain('content="Cat &#60;jumps&#62; &#38; &#34;falls&#34;"');
    expect(html).not.toContain('<jumps>');
    expect(html).toContain(
      '<meta property="og:description" content="Cat &#60;jumps&#62; &#38; &#34;falls&#34; GIF: cat, fail.">',
    );
  });

  it('falls back to a summary card without video tags when there is no MP4', () => {
    const gif = gifFixture();
    const noMp4 = gifFixture({
      images: {
        ...gif.images,
        original: { ...gif.images.original, mp4: undefined },
      } as Gif['images'],
    });
    const html = unfurlTags(noMp4, { publicUrl, siteName: 'Jiffy' });
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain('<meta property="og:type" content="website">');
    expect(html).not.toContain('og:video');
    expect(html).not.toContain('twitter:player');
  });
});
