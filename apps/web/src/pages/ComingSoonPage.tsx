import { useLocation } from 'react-router';
import { pageTypeFor } from '../analytics/page-type.ts';

/** Routes whose feature a later release brings: they exist, say so plainly, and fake nothing. */
export default function ComingSoonPage() {
  const { pathname } = useLocation();
  return (
    <section className="status-page">
      <h1>Coming soon</h1>
      <p>
        This part of Jiffy ({pageTypeFor(pathname)}) is not built yet. It will be here in a later
        release.
      </p>
    </section>
  );
}
