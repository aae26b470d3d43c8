import { JiffyFetch } from '@jiffy/fetch-api';
import { Carousel, Gif, Grid, Video } from '@jiffy/widgets';
import { useQuery } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { apiKey } from '../api/client.ts';
import { useWidth } from '../components/use-width.ts';
import { usePageTitle } from '../shell/use-page-title.ts';
import { WIDGET_DEMOS, widgetSnippet, type WidgetDemo } from '../widgets-demo/widget-demos.ts';
import './WidgetsPage.css';

/**
 * `/widgets`: the widget kit's four widgets running against this instance, each with the
 * snippet that shows it on another site. The widgets are the kit's own components with the
 * snippets' options; they fetch as the snippets do (GIPHY's JS SDK's name), and size to the
 * column as `target.clientWidth` does, so the page fits a phone.
 */
export default function WidgetsPage() {
  usePageTitle(
    'Widget kit',
    'Trending GIFs, search, a GIF of the day and a clip player for your own site, in a few lines.',
  );
  const key = apiKey();
  const jf = useMemo(
    () => new JiffyFetch(key, { serverUrl: location.origin, sdkName: 'JavascriptSDK' }),
    [key],
  );
  return (
    <section className="widgets-page">
      <h1>Jiffy widget kit</h1>
      <p>
        A grid, a carousel, a single GIF and a video player for any site, running here against this
        instance. Each comes with the snippet that shows it on your page; every render function
        returns a function that removes the widget.
      </p>
      {WIDGET_DEMOS.map((demo) => (
        <section key={demo.container} aria-labelledby={`${demo.container}-title`}>
          <h2 id={`${demo.container}-title`}>{demo.title}</h2>
          <LiveWidget demo={demo} jf={jf} />
          {/* A snippet wider than the column scrolls sideways; a keyboard can reach and scroll it. */}
          <pre tabIndex={0} role="region" aria-label={`${demo.title} snippet`}>
            <code>{widgetSnippet(demo, location.origin, key)}</code>
          </pre>
        </section>
      ))}
    </section>
  );
}

/** One demo's widget, in an element with the id its snippet names. */
function LiveWidget({ demo, jf }: { demo: WidgetDemo; jf: JiffyFetch }) {
  const [box, width] = useWidth<HTMLDivElement>();
  const first = useQuery({
    queryKey: ['widgets-demo', 'first-trending'],
    queryFn: () => jf.trending({ limit: 1 }),
    enabled: demo.container === 'single' || demo.container === 'video',
  });
  const gif = first.data?.data[0];
  const fetchGifs = (offset: number) => jf.trending({ offset, limit: 12 });
  let widget: ReactNode = null;
  if (width > 0) {
    if (demo.container === 'grid')
      widget = <Grid width={width} columns={3} gutter={6} fetchGifs={fetchGifs} />;
    else if (demo.container === 'carousel')
      widget = <Carousel gifHeight={120} fetchGifs={fetchGifs} />;
    else if (gif && demo.container === 'single') widget = <Gif gif={gif} width={200} />;
    else if (gif) widget = <Video gif={gif} width={Math.min(320, width)} muted controls />;
  }
  return (
    <div id={demo.container} ref={box} className="widgets-page-live">
      {widget}
    </div>
  );
}
