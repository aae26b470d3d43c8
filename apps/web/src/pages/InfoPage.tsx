import { Link, useLocation } from 'react-router';
import { INFO_PAGES } from './info-pages.ts';
import NotFoundPage from './NotFoundPage.tsx';
import { usePageTitle } from '../shell/use-page-title.ts';

/** A static or status page (`/about`, `/transparency`, `/403`, `/maintenance`). */
export default function InfoPage() {
  const name = useLocation().pathname.split('/')[1] ?? '';
  const page = INFO_PAGES[name];
  usePageTitle(page?.title ?? 'Page not found');
  if (!page) return <NotFoundPage />;
  return (
    <section className="status-page">
      <h1>{page.title}</h1>
      {page.body.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      <Link to="/">Back to trending GIFs</Link>
    </section>
  );
}
