import { escapeHtml } from '../lib/html.ts';

/** The snippet a site pastes to show trending GIFs in a grid (shown on the demo page). */
export function gridSnippet(origin: string, apiKey: string): string {
  return `<div id="gifs"></div>
<script src="${origin}/widgets-assets/jiffy-widgets.js"></script>
<script>
  const jf = new JiffyWidgets.JiffyFetch('${apiKey}', { serverUrl: '${origin}', sdkName: 'JavascriptSDK' });
  const unmount = JiffyWidgets.renderGrid(
    { width: 600, columns: 3, gutter: 6, fetchGifs: (offset) => jf.trending({ offset, limit: 12 }) },
    document.getElementById('gifs'),
  );
</script>`;
}

/** The demo page's own script: the same calls as the snippet, against this instance. */
export const DEMO_SCRIPT = `(() => {
  const root = document.getElementById('demo');
  const jf = new JiffyWidgets.JiffyFetch(root.dataset.apiKey, { serverUrl: location.origin, sdkName: 'JavascriptSDK' });
  const width = Math.min(600, root.clientWidth);
  window.jiffyDemo = {
    unmountGrid: JiffyWidgets.renderGrid(
      { width, columns: 3, gutter: 6, fetchGifs: (offset) => jf.trending({ offset, limit: 12 }) },
      document.getElementById('grid'),
    ),
  };
  jf.trending({ limit: 1 }).then((page) => {
    if (page.data[0]) window.jiffyDemo.unmountGif = JiffyWidgets.renderGif({ gif: page.data[0], width: 200 }, document.getElementById('single'));
  });
})();`;

/** `/widgets`: the kit against this instance, with the snippet to copy (the 'apps' page links it). */
export function renderWidgetsPage(origin: string, apiKey: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Widget kit - Jiffy</title>
<link rel="icon" href="data:,">
<style>body{margin:0;background:#121212;color:#eee;font:16px/1.4 system-ui,sans-serif}
main{max-width:640px;margin:0 auto;padding:16px 20px}pre{background:#2a2a2a;padding:12px;border-radius:4px;overflow:auto;font-size:12px}
a{color:#9a8cff}</style></head>
<body><main id="demo" data-api-key="${escapeHtml(apiKey)}">
<h1>Jiffy widget kit</h1>
<p>A grid, a carousel and single GIFs for other sites (the video widget is coming). Paste this to show this instance's trending GIFs:</p>
<pre><code>${escapeHtml(gridSnippet(origin, apiKey))}</code></pre>
<h2>Grid</h2><div id="grid"></div>
<h2>Single GIF</h2><div id="single"></div>
</main>
<script src="/widgets-assets/jiffy-widgets.js"></script>
<script src="/widgets-assets/demo.js"></script>
</body></html>`;
}
