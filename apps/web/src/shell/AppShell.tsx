import { SITE_FOOTER_LINKS, SITE_SECTIONS } from '@jiffy/contracts/site-links';
import { Suspense } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { usePageViews } from '../analytics/page-views.ts';
import { AccountLinks } from './AccountLinks.tsx';
import { SearchBox } from './SearchBox.tsx';

/** Every page's frame: the header (logo, search, sections), the page, the footer. */
export function AppShell() {
  usePageViews();
  return (
    <>
      <a className="skip" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <Link to="/" className="logo" aria-label="Jiffy home">
          Jiffy
        </Link>
        <SearchBox />
        <nav aria-label="Sections">
          {SITE_SECTIONS.map(([to, label]) => (
            <NavLink key={to} to={to}>
              {label}
            </NavLink>
          ))}
        </nav>
        {/* Beside the sections, not among them: on a phone the sections scroll sideways in
            one row, and the account corner stays in view at its end. */}
        <div className="account-corner">
          <AccountLinks />
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<p className="loading">Loading…</p>}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="site-footer">
        <nav aria-label="About Jiffy">
          {SITE_FOOTER_LINKS.map(([to, label]) => (
            <Link key={to} to={to}>
              {label}
            </Link>
          ))}
        </nav>
      </footer>
    </>
  );
}
