import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { makeVideo } from '@jiffy/media/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animatedImage } from '../../../testing/fixtures.ts';
import { signedInUsers } from '../../../testing/signed-in-users.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';
import { storyBody } from '../stories/story-input.schema.ts';

/**
 * What link unfurlers send when a link is pasted or posted: their user agents, and the `Accept`
 * each sends (`*\/*`, `text/html`, or none at all), as curl and Node's fetch do too.
 */
const UNFURLERS: { name: string; headers: Record<string, string> }[] = [
  {
    name: 'Slack',
    headers: {
      'user-agent': 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
      accept: '*/*',
    },
  },
  {
    name: 'Discord',
    headers: { 'user-agent': 'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)' },
  },
  {
    name: 'Mastodon',
    headers: {
      'user-agent': 'http.rb/5.2.0 (Mastodon/4.3.2; +https://mastodon.social/) Bot',
      accept: 'text/html',
    },
  },
  { name: 'X', headers: { 'user-agent': 'Twitterbot/1.0', accept: '*/*' } },
  {
    name: 'Facebook',
    headers: {
      'user-agent': 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      accept: '*/*',
    },
  },
  { name: 'Telegram', headers: { 'user-agent': 'TelegramBot (like TwitterBot)' } },
  { name: 'curl', headers: { 'user-agent': 'curl/8.5.0', accept: '*/*' } },
  { name: 'Node fetch', headers: { 'user-agent': 'node', accept: '*/*' } },
];

/** The content of a page's `<meta property|name="key">`, unescaped as a parser reads it. */
function meta(html: string, key: string): string | undefined {
  const found = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(html)?.[1];
  return found?.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
}

// Every public page kind unfurls for the clients that ask for it: the page (never a JSON
// miss), its title and description, a still of its GIF, a video for a GIF or clip, and the
// oEmbed link for media.
describe('link previews of every public page, for the clients that make them', () => {
  let t: TestJiffy;
  let media: string;
  const pages: {
    kind: string;
    path: string;
    title: string;
    description: string;
    video: boolean;
    oembed: boolean;
  }[] = [];

  beforeAll(async () => {
    t = await startTestJiffy({ PUBLIC_URL: 'https://gifs.example' });
    media = `${t.jiffy.config.mediaBaseUrl}/`;
    await signedInUsers(t, [['maker', 'creator']]);
    const maker = { id: 'idmaker', role: 'creator' as const };
    const apiKey = (await t.jiffy.services.apiKeys.create('idmaker', 'uploads')).key;
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'jiffy-unfurl-'));
    const upload = async (name: string, bytes: Buffer, fields: Record<string, string>) => {
      const id = await t.uploadAndWait({ name, bytes }, { api_key: apiKey, ...fields });
      const one = await t.jiffy.app.inject(`/v1/gifs/${id}?api_key=${t.apiKey}`);
      return one.json<{ data: { id: string; url: string } }>().data;
    };
    const [gif, sticker, clip] = await Promise.all([
      upload('moon.gif', await animatedImage({ width: 160, height: 120, frames: 3 }), {
        title: 'Moon hop',
        tags: 'moon',
      }),
      upload('star.gif', await animatedImage({ width: 120, height: 120, frames: 2, alpha: true }), {
        title: 'Star wave',
        tags: 'star',
        is_sticker: 'true',
      }),
      upload(
        'talk.mp4',
        await fs.readFile(
          await makeVideo({
            width: 160,
            height: 90,
            seconds: 1,
            withSound: true,
            path: path.join(dir, 'talk.mp4'),
          }),
        ),
        { title: 'Space talk', tags: 'space' },
      ),
    ]);
    await fs.rm(dir, { recursive: true, force: true });

    const { channels, channelGifs, stories } = t.jiffy.services;
    const space = await channels.create(maker, {
      display_name: 'Space',
      slug: 'space',
      description: 'Things that float.',
      banner_gif: null,
      featured_gif: gif.id,
      is_visible: true,
      type: 'community',
    });
    await channelGifs.add(maker, { channelId: space.id, gifIds: [gif.id, clip.id] });
    const story = await stories.create(
      maker,
      storyBody.parse({
        title: 'A night in space',
        description: 'Two GIFs, one small trip.',
        cover_gif_id: gif.id,
        tags: ['space'],
        items: [{ gif_id: gif.id }, { gif_id: clip.id }],
        is_published: true,
      }),
    );
    const mediaPage = (kind: string, one: { url: string }, title: string, video: boolean) => ({
      kind,
      path: new URL(one.url).pathname,
      title,
      description: '',
      video,
      oembed: true,
    });
    pages.push(
      mediaPage('GIF', gif, 'Moon hop', true),
      mediaPage('sticker', sticker, 'Star wave', true),
      mediaPage('clip', clip, 'Space talk', true),
      {
        kind: 'channel',
        path: '/maker/space',
        title: 'Space by @maker',
        description: 'Things that float.',
        video: false,
        oembed: false,
      },
      {
        kind: 'profile',
        path: '/maker',
        title: "@maker's channel",
        description: 'GIFs by @maker',
        video: false,
        oembed: false,
      },
      {
        kind: 'story',
        path: `/stories/${story.story.slug}`,
        title: 'A night in space',
        description: 'Two GIFs, one small trip.',
        video: false,
        oembed: false,
      },
      {
        kind: 'search',
        path: '/search/moon',
        title: 'moon GIFs',
        description: 'moon GIFs on Jiffy',
        video: false,
        oembed: false,
      },
      {
        kind: 'category',
        path: '/categories/space/moon',
        title: 'Moon GIFs',
        description: 'Moon GIFs on Jiffy',
        video: false,
        oembed: false,
      },
    );
  }, 120_000);
  afterAll(() => t?.stop());

  it('answers each page kind to each unfurler with its preview: title, description, a still, and video and oEmbed for media', async () => {
    const matrix: string[] = [];
    for (const page of pages) {
      const row: string[] = [];
      for (const client of UNFURLERS) {
        const what = `${client.name} ${page.kind} ${page.path}`;
        const answer = await t.jiffy.app.inject({ url: page.path, headers: client.headers });
        expect(answer.statusCode, what).toBe(200);
        expect(answer.headers['content-type'], what).toContain('text/html');
        const html = answer.body.slice(0, answer.body.indexOf('</head>'));
        expect(meta(html, 'og:title'), what).toBe(page.title);
        expect(meta(html, 'og:url'), what).toBe(`https://gifs.example${page.path}`);
        expect(meta(html, 'og:description'), what).toContain(page.description);
        expect(meta(html, 'twitter:card'), what).toMatch(/^(player|summary_large_image)$/);
        // A still of the page's GIF, of a size a card can show.
        const image = meta(html, 'og:image');
        expect(image, what).toMatch(new RegExp(`^${media}.*still`));
        expect(Number(meta(html, 'og:image:width')), what).toBeGreaterThan(0);
        expect(meta(html, 'twitter:image'), what).toBe(image);
        if (page.video) {
          expect(meta(html, 'og:video'), what).toMatch(new RegExp(`^${media}.*\\.mp4$`));
          expect(meta(html, 'og:video:type'), what).toBe('video/mp4');
        } else expect(meta(html, 'og:video'), what).toBeUndefined();
        const oembed = /<link rel="alternate" type="application\/json\+oembed" href="([^"]+)"/.exec(
          html,
        )?.[1];
        if (page.oembed) {
          // The link an oEmbed consumer follows answers the same GIF.
          const link = new URL(oembed!.replace(/&#38;/g, '&'));
          const asked = await t.jiffy.app.inject(`${link.pathname}${link.search}`);
          expect(asked.statusCode, what).toBe(200);
          expect(asked.json<{ title: string }>().title, what).toBe(page.title);
        } else expect(oembed, what).toBeUndefined();
        row.push('ok');
      }
      matrix.push(`| ${page.kind} | ${row.join(' | ')} |`);
    }
    console.info([`| page | ${UNFURLERS.map((c) => c.name).join(' | ')} |`, ...matrix].join('\n'));
  });

  it("sends a tag's GIPHY address (/explore/<tag>) to its page, the tag's search", async () => {
    for (const client of UNFURLERS) {
      const answer = await t.jiffy.app.inject({ url: '/explore/moon', headers: client.headers });
      expect(answer.statusCode, client.name).toBe(301);
      expect(answer.headers.location, client.name).toBe('/search/moon');
    }
    const spaced = await t.jiffy.app.inject('/explore/happy%20birthday');
    expect(spaced.headers.location).toBe('/search/happy%20birthday');
    for (const missing of ['/explore/a/b', '/categories/a/b/c']) {
      const answer = await t.jiffy.app.inject({ url: missing, headers: { accept: '*/*' } });
      expect(answer.statusCode, missing).toBe(404);
      expect(answer.headers['content-type'], missing).toContain('text/html');
    }
  });

  it('answers a page that is not there with the 404 page, and JSON only to a client asking for it', async () => {
    for (const missing of ['/maker/nothing', '/stories/no-such-story', '/nobody_here']) {
      for (const client of UNFURLERS) {
        const answer = await t.jiffy.app.inject({ url: missing, headers: client.headers });
        expect(answer.statusCode, `${client.name} ${missing}`).toBe(404);
        expect(answer.headers['content-type']).toContain('text/html');
        expect(answer.body).not.toContain('og:title');
      }
      const json = await t.jiffy.app.inject({
        url: missing,
        headers: { accept: 'application/json' },
      });
      expect(json.statusCode).toBe(404);
      expect(json.json<{ error: { code: string } }>().error.code).toBe('not_found');
    }
    // A story's address no story can have is the same 404 page; a NUL or bytes that are no
    // text are refused before any route, as everywhere.
    for (const [bad, status] of [
      ['/stories/%ff', 400],
      ['/stories/Upper-Case', 404],
      [`/stories/${'x'.repeat(300)}`, 404],
      ['/stories/a%00b', 400],
    ] as const) {
      const answer = await t.jiffy.app.inject({ url: bad, headers: { accept: '*/*' } });
      expect(answer.statusCode, bad).toBe(status);
    }
  });
});
