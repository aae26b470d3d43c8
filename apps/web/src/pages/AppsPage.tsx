import { Link } from 'react-router';
import { usePageTitle } from '../shell/use-page-title.ts';
/** `/apps`: ways to use this instance elsewhere: the widget kit, the embed player, the API. */
export default function AppsPage() {
  usePageTitle('Apps');
  return (
    <section className="status-page">
      <h1>Apps</h1>
      <p>
        Put this instance's GIFs on any site with the <Link to="/widgets">widget kit</Link>: a grid,
        a carousel, a single GIF and a video player, each a few lines to paste.
      </p>
      <p>
        Every GIF page has an embed code for the embeddable player, and apps built on GIPHY's SDKs
        can use this server's API by pointing their server URL here.
      </p>
    </section>
  );
}
