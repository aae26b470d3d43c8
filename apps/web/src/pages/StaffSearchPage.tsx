import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { ErrorMessage } from '../components/ErrorMessage.tsx';
import { RequireRole } from '../moderation/RequireRole.tsx';
import { StaffSearchForm } from '../staff-search/StaffSearchForm.tsx';
import { StaffSearchResults } from '../staff-search/StaffSearchResults.tsx';
import { csvUrl, filtersOf, PAGE_SIZE, searchLibrary } from '../staff-search/staff-search-api.ts';
import { usePageTitle } from '../shell/use-page-title.ts';

/** The search, its page of finds, keywords to narrow by, paging and the CSV of everything. */
function StaffSearch() {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const offset = Math.max(0, Number(params.get('offset')) || 0);
  const found = useQuery({
    queryKey: ['staff-search', filters.toString(), offset],
    queryFn: () => searchLibrary(filters, offset),
    placeholderData: keepPreviousData,
  });
  const go = (next: URLSearchParams, nextOffset = 0) => {
    if (nextOffset) next.set('offset', String(nextOffset));
    setParams(next);
  };
  const count = found.data?.count ?? 0;
  return (
    <>
      <StaffSearchForm filters={filters} onSearch={(next) => go(next)} />
      {found.error ? <ErrorMessage message={found.error.message} /> : null}
      {found.isPending ? <p className="loading">Searching…</p> : null}
      {found.data ? (
        <>
          <p role="status">
            {count === 1 ? '1 GIF' : `${count.toLocaleString('en')} GIFs`}
            {count > 0 ? (
              <>
                {' · '}
                <a href={csvUrl(filters)} download>
                  Download CSV
                </a>
              </>
            ) : null}
          </p>
          {found.data.gps_keywords.length ? (
            <p className="keywords">
              Keywords:{' '}
              {found.data.gps_keywords.map((word) => (
                <button
                  key={word}
                  type="button"
                  className="secondary"
                  onClick={() => {
                    const next = new URLSearchParams(filters);
                    next.set('q', word);
                    go(next);
                  }}
                >
                  {word}
                </button>
              ))}
            </p>
          ) : null}
          <StaffSearchResults results={found.data.results} />
          <nav className="pager" aria-label="Pages">
            <button
              type="button"
              className="secondary"
              disabled={offset === 0}
              onClick={() => go(new URLSearchParams(filters), Math.max(0, offset - PAGE_SIZE))}
            >
              Previous
            </button>
            <span>
              {count ? `${offset + 1}–${Math.min(offset + PAGE_SIZE, count)} of ${count}` : ''}
            </span>
            <button
              type="button"
              className="secondary"
              disabled={offset + PAGE_SIZE >= Math.min(count, 10_000)}
              onClick={() => go(new URLSearchParams(filters), offset + PAGE_SIZE)}
            >
              Next
            </button>
          </nav>
        </>
      ) : null}
    </>
  );
}

/** `/dashboard/search`: staff search the whole library, whatever each GIF's status. */
export default function StaffSearchPage() {
  usePageTitle('Content search');
  return (
    <RequireRole title="Content search" permission="gif.moderate" who="moderators and admins">
      {() => (
        <section className="moderation-page">
          <h1>Content search</h1>
          <p>
            Every GIF, removed and failed ones too, newest first.{' '}
            <Link to="/dashboard/moderation">Moderation queue</Link>
          </p>
          <StaffSearch />
        </section>
      )}
    </RequireRole>
  );
}
