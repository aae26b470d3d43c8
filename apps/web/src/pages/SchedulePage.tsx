import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorMessage } from '../components/ErrorMessage.tsx';
import { RequireRole } from '../moderation/RequireRole.tsx';
import { GifPicker, type PickedGif } from '../stories/GifPicker.tsx';
import { localInputValue } from '../stories/local-time.ts';
import {
  comingSchedule,
  moveScheduled,
  scheduleActivity,
  scheduleGif,
  unschedule,
} from '../stories/schedule-api.ts';
import { scheduledGifName } from '../stories/ScheduledGifLink.tsx';
import { ScheduleTimeline } from '../stories/ScheduleTimeline.tsx';
import { useGifsById } from '../stories/use-gifs-by-id.ts';
import '../stories/stories.css';
import { usePageTitle } from '../shell/use-page-title.ts';

const WINDOWS: [number, string][] = [
  [60, '1 hour'],
  [360, '6 hours'],
  [1440, '1 day'],
  [4320, '3 days'],
  [10080, '1 week'],
];

/** `/dashboard/schedule`: staff plan what leads trending this week (the trending scheduler). */
export default function SchedulePage() {
  usePageTitle('Trending schedule');
  return (
    <RequireRole title="Trending schedule" permission="trending.schedule" who="staff">
      {() => <Scheduler />}
    </RequireRole>
  );
}

function Scheduler() {
  const client = useQueryClient();
  const items = useQuery({ queryKey: ['schedule'], queryFn: comingSchedule });
  const activity = useQuery({ queryKey: ['schedule-activity'], queryFn: scheduleActivity });
  const gifs = useGifsById([
    ...(items.data ?? []).map((item) => item.gif_id),
    ...(activity.data ?? []).map((entry) => entry.gif_id),
  ]);
  const [picked, setPicked] = useState<PickedGif | null>(null);
  // Empty means now: a minute-precision default would already be past by the time it is sent.
  const [start, setStart] = useState('');
  const [windowMinutes, setWindowMinutes] = useState(1440);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  /** Runs a change, shows a refusal in the server's words, and reloads both lists. */
  const run = async (change: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await change();
      return true;
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      return false;
    } finally {
      setBusy(false);
      void client.invalidateQueries({ queryKey: ['schedule'] });
      void client.invalidateQueries({ queryKey: ['schedule-activity'] });
    }
  };

  return (
    <section className="schedule-page">
      <h1>Trending schedule</h1>
      {error ? <ErrorMessage message={error} /> : null}
      <div className="schedule-layout">
        <div>
          <form
            className="schedule-add"
            aria-label="Schedule a GIF"
            onSubmit={(event) => {
              event.preventDefault();
              if (!picked) return;
              void run(() =>
                scheduleGif(
                  picked.gif_id,
                  (start ? new Date(start) : new Date()).toISOString(),
                  windowMinutes,
                ),
              ).then((done) => done && setPicked(null));
            }}
          >
            <h2>Schedule a GIF</h2>
            <p>{picked ? `Chosen: ${picked.title || picked.gif_id}` : 'Choose a GIF below.'}</p>
            <div className="action-row">
              <label>
                Starts (empty for now){' '}
                <input
                  type="datetime-local"
                  value={start}
                  min={localInputValue(new Date())}
                  onChange={(event) => setStart(event.target.value)}
                />
              </label>
              <label>
                For{' '}
                <select
                  value={windowMinutes}
                  onChange={(event) => setWindowMinutes(Number(event.target.value))}
                >
                  {WINDOWS.map(([minutes, label]) => (
                    <option key={minutes} value={minutes}>
                      {label}
                    </option>
                  ))}
                </select>
              </label>
              <button type="submit" className="primary" disabled={busy || !picked}>
                Schedule
              </button>
            </div>
          </form>
          <GifPicker onPick={setPicked} />
          <h2>The coming week</h2>
          <p className="muted">
            Drag a GIF from the search onto a day to schedule it (noon, or now on today) for the
            window chosen above; drag a scheduled GIF to another day to move it.
          </p>
          {items.error ? <ErrorMessage message={items.error.message} /> : null}
          <ScheduleTimeline
            items={items.data ?? []}
            gifs={gifs}
            busy={busy}
            onMove={(item, at) => void run(() => moveScheduled(item, at))}
            onRemove={(item) => void run(() => unschedule(item.id))}
            onDropGif={(gifId, at) => void run(() => scheduleGif(gifId, at, windowMinutes))}
          />
        </div>
        <aside aria-labelledby="activity-heading">
          <h2 id="activity-heading">Activity</h2>
          {activity.error ? <ErrorMessage message={activity.error.message} /> : null}
          {activity.data?.length === 0 ? <p className="muted">Nothing scheduled yet.</p> : null}
          <ol className="schedule-activity" aria-label="Activity">
            {(activity.data ?? []).map((entry) => (
              <li key={entry.id}>
                <strong>{entry.actor?.username ?? 'someone'}</strong> {entry.action}{' '}
                {scheduledGifName(entry.gif_id, gifs.get(entry.gif_id))} for{' '}
                {new Date(entry.trending_datetime).toLocaleString([], {
                  dateStyle: 'short',
                  timeStyle: 'short',
                })}
                <span className="muted"> · {new Date(entry.datetime).toLocaleString()}</span>
              </li>
            ))}
          </ol>
        </aside>
      </div>
    </section>
  );
}
