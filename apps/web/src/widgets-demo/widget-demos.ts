/**
 * The widget kit's demo page's widgets: each one's heading, the id of the element it renders
 * into, and the call a site pastes to show it (with `jf`, a JiffyFetch, and `target`, that
 * element). The page runs the same widgets with the same options through the kit's React
 * components; e2e/widgets-grid pastes each snippet into a bare page to hold them to it.
 */
export interface WidgetDemo {
  title: string;
  container: 'grid' | 'carousel' | 'single' | 'video';
  call: string;
}

export const WIDGET_DEMOS: readonly WidgetDemo[] = [
  {
    title: 'Grid',
    container: 'grid',
    call: `JiffyWidgets.renderGrid(
    {
      width: target.clientWidth,
      columns: 3,
      gutter: 6,
      fetchGifs: (offset) => jf.trending({ offset, limit: 12 }),
    },
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
    JiffyWidgets.renderVideo(
      { gif: page.data[0], width: Math.min(320, target.clientWidth), muted: true, controls: true },
      target,
    ),
  )`,
  },
];

/** What a site pastes to show one widget against the instance at `origin`. */
export function widgetSnippet(demo: WidgetDemo, origin: string, apiKey: string): string {
  return `<div id="${demo.container}"></div>
<script src="${origin}/widgets-assets/jiffy-widgets.js"></script>
<script>
  const jf = new JiffyWidgets.JiffyFetch('${apiKey}', { serverUrl: '${origin}', sdkName: 'JavascriptSDK' });
  const target = document.getElementById('${demo.container}');
  ${demo.call};
</script>`;
}
