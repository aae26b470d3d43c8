import { roleMay } from '@jiffy/contracts/role-permissions';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { RequireSignIn } from '../account/RequireSignIn.tsx';
import { dashboardApi, type Period } from '../dashboard/dashboard-api.ts';
import { DashboardSection } from '../dashboard/DashboardSection.tsx';
import { DayBars } from '../dashboard/DayBars.tsx';
import { FiguresChart } from '../dashboard/FiguresChart.tsx';
import { UploadsNotShowing } from '../dashboard/UploadsNotShowing.tsx';
import { usePageTitle } from '../shell/use-page-title.ts';

const periods: [Period, string][] = [
  ['day', 'Today'],
  ['week', 'Last 7 days'],
  ['month', 'Last 30 days'],
];

/** `/dashboard`: a signed-in creator's figures, the searches that found them, their uploads. */
export default function DashboardPage() {
  usePageTitle('Dashboard');
  return (
    <RequireSignIn title="Dashboard" purpose="to see your dashboard">
      {(user) => (
        <CreatorDashboard
          username={user.username}
          writesStories={roleMay(user.role, 'story.write')}
        />
      )}
    </RequireSignIn>
  );
}

function CreatorDashboard({
  username,
  writesStories,
}: {
  username: string;
  /** Whether the stories pages let this user in: the link shows only then. */
  writesStories: boolean;
}) {
  const [period, setPeriod] = useState<Period>('week');
  const [gifId, setGifId] = useState('');
  const figures = useQuery({
    queryKey: ['dashboard', username, period, gifId],
    queryFn: () => dashboardApi.figures(username, period, gifId),
  });
  // The GIFs to choose from are the period's top GIFs of all the creator's figures (shared
  // with the unfiltered view's cache), so the list stays whole while one GIF is shown.
  const all = useQuery({
    queryKey: ['dashboard', username, period, ''],
    queryFn: () => dashboardApi.figures(username, period),
  });
  const searches = useQuery({
    queryKey: ['dashboard-searches', username, period, gifId],
    queryFn: () => dashboardApi.searches(username, period, gifId),
  });
  const uploads = useQuery({
    queryKey: ['dashboard-uploads', username],
    queryFn: () => dashboardApi.uploads(username),
  });
  const data = figures.data;
  const which = gifId ? 'this GIF' : 'your GIFs';
  return (
    <section className="dashboard-page">
      <h1>Dashboard</h1>
      <nav className="dashboard-links" aria-label="Your pages">
        <Link to={`/${username}`}>Your channel</Link>
        {writesStories ? <Link to="/dashboard/stories">Your stories</Link> : null}
        <Link to="/edit/gifs">Edit your GIFs</Link>
      </nav>
      <div className="dashboard-controls">
        <span className="dashboard-periods">
          {periods.map(([value, label]) => (
            <button key={value} aria-pressed={period === value} onClick={() => setPeriod(value)}>
              {label}
            </button>
          ))}
        </span>
        <label>
          GIF{' '}
          <select value={gifId} onChange={(e) => setGifId(e.target.value)}>
            <option value="">All GIFs</option>
            {all.data?.top_gifs.map((g) => (
              <option key={g.gif_id} value={g.gif_id}>
                {g.title || g.gif_id}
              </option>
            ))}
          </select>
        </label>
        <a href={dashboardApi.csvUrl(username, period, gifId)} download>
          Download CSV
        </a>
      </div>
      {figures.isError ? <p role="alert">The figures could not be loaded.</p> : null}
      {data ? (
        <>
          <dl className="dashboard-totals">
            {(['views', 'clicks', 'shares', 'favorites'] as const).map((k) => (
              <div key={k}>
                <dt>{k}</dt>
                <dd>{data.totals[k]}</dd>
              </div>
            ))}
          </dl>
          {/* One day (Today) is one point per line: bars show it; a longer period a chart. */}
          {data.series.length === 1 ? (
            <DayBars day={data.series[0]!} />
          ) : (
            <FiguresChart series={data.series} />
          )}
          <DashboardSection
            title="Views by source"
            rows={data.sources}
            empty={`No views of ${which} in this period.`}
          >
            <table aria-label="Views by source">
              <tbody>
                {data.sources.map((s) => (
                  <tr key={`${s.source}:${s.label}`}>
                    <th scope="row">{s.label}</th>
                    <td>{s.views}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </DashboardSection>
          <DashboardSection
            title="Top GIFs"
            rows={data.top_gifs}
            empty={`No views of ${which} in this period.`}
          >
            <ol aria-label="Top GIFs">
              {data.top_gifs.map((g) => (
                <li key={g.gif_id}>
                  <a href={g.url}>{g.title || g.gif_id}</a> — {g.views} views
                </li>
              ))}
            </ol>
          </DashboardSection>
        </>
      ) : null}
      <DashboardSection
        title={gifId ? 'Searches that led to this GIF' : 'Searches that led to your GIFs'}
        rows={searches.data}
        failed={searches.isError}
        empty={`No searches showed ${which} in this period.`}
      >
        <ol aria-label="Searches">
          {searches.data?.map((s) => (
            <li key={s.term}>
              {s.term} ({s.surfaced})
            </li>
          ))}
        </ol>
      </DashboardSection>
      <UploadsNotShowing uploads={uploads.data} failed={uploads.isError} />
    </section>
  );
}
