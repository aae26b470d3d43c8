import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { TEST_PASSWORD } from '../../apps/server/testing/signed-in-users.ts';
import { watchPageErrors } from './browser.ts';

/**
 * Someone's blog on another origin: a post embedding `embedded` with the player and showing a
 * search for `searched` through the widget kit's script bundle and the public API.
 */
export async function startBlog(options: {
  origin: string;
  apiKey: string;
  embedded: string[];
  searched: string;
}): Promise<{ server: http.Server; url: string }> {
  const { origin } = options;
  const server = http.createServer((_request, res) => {
    res.setHeader('content-type', 'text/html');
    res.end(`<!doctype html><title>Space blog</title><h1>Things in the sky</h1>
${options.embedded.map((id) => `<iframe src="${origin}/embed/${id}" width="320" height="240"></iframe>`).join('\n')}
<div id="tails"></div>
<script src="${origin}/widgets-assets/jiffy-widgets.js"></script>
<script>
  const jf = new JiffyWidgets.JiffyFetch(${JSON.stringify(options.apiKey)}, { serverUrl: ${JSON.stringify(origin)} });
  JiffyWidgets.renderGrid(
    { width: 600, columns: 3, fetchGifs: (offset) => jf.search(${JSON.stringify(options.searched)}, { offset, limit: 10 }) },
    document.getElementById('tails'),
  );
</script>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://localhost:${(server.address() as AddressInfo).port}/post` };
}

/**
 * `username` signed in on /dashboard in a new context, its figures and chart loaded: through the
 * login form, or straight to /dashboard with `session`, the cookies of an earlier sign-in.
 */
export async function openDashboard(
  browser: Browser,
  origin: string,
  username: string,
  viewport: { width: number; height: number },
  session?: BrowserContextOptions['storageState'],
) {
  const context = await browser.newContext({
    viewport,
    acceptDownloads: true,
    ...(session ? { storageState: session } : {}),
  });
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  if (session) {
    await page.goto(`${origin}/dashboard`);
  } else {
    await page.goto(`${origin}/login?next=/dashboard`);
    await page.getByLabel('Username or e-mail').fill(username);
    await page.getByLabel('Password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
  }
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  await page.getByRole('table', { name: 'Views by source' }).waitFor();
  await page.locator('.dashboard-chart[data-drawn="true"] canvas').waitFor();
  return { page, errors, close: () => context.close() };
}

/** Pixels of the chart's canvas in the views line's colour (#00ccff): the line was drawn. */
export const viewLinePixels = (page: Page): Promise<number> =>
  page.locator('.dashboard-chart canvas').evaluate((canvas: HTMLCanvasElement) => {
    const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    let count = 0;
    for (let i = 0; i < data.length; i += 4) {
      const [r, g, b, a] = [data[i]!, data[i + 1]!, data[i + 2]!, data[i + 3]!];
      if (r < 60 && g > 170 && b > 220 && a > 200) count++;
    }
    return count;
  });
