import { Link } from 'react-router';
import { usePageTitle } from '../shell/use-page-title.ts';

/** `/404`, and any address with nothing behind it. */
export default function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <section className="status-page">
      <h1>404: nothing here</h1>
      <p>That page does not exist, or it was removed.</p>
      <Link to="/">Back to trending GIFs</Link>
    </section>
  );
}
