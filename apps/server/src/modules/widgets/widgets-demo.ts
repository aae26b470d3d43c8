import { pageTitle } from '@jiffy/contracts/page-titles';
import { escapeHtml } from '../../platform/lib/html.ts';

/** One widget on the demo page: its heading, the container it renders into, and its call. */
interface DemoWidget {
  title: string;
  container: string;
  /** The call, given `jf` (a JiffyFetch) and `target` (the container element). */
  call: string;
}

const WIDGETS: DemoWidget[] = [
  {
    title: 'Grid',
    container: 'grid',
    call: `JiffyWidgets.renderGrid(
    { width: 600, columns: 3, gutter: 6, fetchGifs: (offset) => jf.trending({ offset, limit: 12 }) },
    target,
  )`,
  },
  {
    title: 'Carousel',
    container: 'carousel',
    call: `JiffyWidgets.renderCarousel(
    { gifHeight: 120, fetchGifs: (offset) => jf.trending({ offset, limit: 12 }) },
    target,
  )`,
  },
  {
    title: 'Single GIF',
    container: 'single',
    call: `jf.trending({ limit: 1 }).then((page) =>
    JiffyWidgets.renderGif({ gif: page.data[0], width: 200 }, target),
  )`,
  },
  {
    title: 'Video',
    container: 'video',
    call: `jf.trending({ limit: 1 }).then((page) =>
    JiffyWidgets.renderVideo({ gif: page.data[0], width: 320, muted: true, controls: true }, target),
  )`,
  },
];

/** What a site pastes to show one widget against this instance. */
function snippet(widget: DemoWidget, origin: string, apiKey: string): string {
  return `<div id="${widget.container}"></div>
<script src="${origin}/widgets-assets/jiffy-widgets.js"></script>
<script>
  const jf = new JiffyWidgets.JiffyFetch('${apiKey}', { serverUrl: '${origin}', sdkName: 'JavascriptSDK' });
  const target = document.getElementById('${widget.container}');
  ${widget.call};
</script>`;
}

/** The demo page's own script: the very calls the snippets show, against this instance. */
export const DEMO_SCRIPT = `(() => {
  const root = document.getElementById('demo');
  const jf = new JiffyWidgets.JiffyFetch(root.dataset.apiKey, { serverUrl: location.origin, sdkName: 'JavascriptSDK' });
${WIDGETS.map((w) => `  {\n    const target = document.getElementById('${w.container}');\n    ${w.call};\n  }`).join('\n')}
})();`;

/** `/widgets`: the four widgets against this instance, each with the snippet to copy. */
export function renderWidgetsPage(origin: string, apiKey: string): string {
  // A snippet wider than the column scrolls sideways; tabindex lets a keyboard reach and scroll it.
  const sections = WIDGETS.map(
    (w) => `<h2>${w.title}</h2><div id="${w.container}"></div>
<pre tabindex="0"><code>${escapeHtml(snippet(w, origin, apiKey))}</code></pre>`,
  ).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(pageTitle('Widget kit'))}</title>
<meta name="description" content="Trending GIFs, search, a GIF of the day and a clip player for your own site, in a few lines.">
<link rel="icon" href="data:,">
<style>body{margin:0;background:#121212;color:#eee;font:16px/1.4 system-ui,sans-serif}
main{max-width:640px;margin:0 auto;padding:16px 20px}pre{background:#2a2a2a;padding:12px;border-radius:4px;overflow:auto;font-size:12px}
a{color:#9a8cff}</style></head>
<body><main id="demo" data-api-key="${escapeHtml(apiKey)}">
<h1>Jiffy widget kit</h1>
<p>A grid, a carousel, a single GIF and a video player for any site, running here against this instance. Each comes with the snippet that shows it on your page; every render function returns a function that removes the widget.</p>
${sections}
</main>
<script src="/widgets-assets/jiffy-widgets.js"></script>
<script src="/widgets-assets/demo.js"></script>
</body></html>`;
}
