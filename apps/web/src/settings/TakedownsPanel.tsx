import { useQuery } from '@tanstack/react-query';
import { siteJson } from '../api/site-fetch.ts';
import { ErrorMessage } from '../components/ErrorMessage.tsx';

/** One of the user's GIFs a moderator took down, as `/api/v3/content-takedown/mine` lists it. */
interface Takedown {
  id: string;
  gif_id: string;
  title: string;
  reason_label: string;
  note: string;
  created_at: string;
  restored_at: string | null;
}

const day = (iso: string) => new Date(iso).toLocaleDateString();

/**
 * The user's takedowns, with the moderator's reason and note. Shown only when there are some:
 * most people never have one, and an empty section would only worry them.
 */
export function TakedownsPanel() {
  const list = useQuery({
    queryKey: ['takedowns', 'mine'],
    queryFn: () => siteJson<Takedown[]>('/api/v3/content-takedown/mine'),
  });
  if (list.error) return <ErrorMessage message={list.error.message} />;
  if (!list.data?.length) return null;
  return (
    <section aria-labelledby="takedowns-heading">
      <h2 id="takedowns-heading">Takedowns</h2>
      <p className="muted">
        Moderators took these GIFs down; they are hidden everywhere. Write to the instance&apos;s
        admins if you think one was a mistake.
      </p>
      <ul className="credential-list">
        {list.data.map((takedown) => (
          <li key={takedown.id}>
            <span>
              <strong>{takedown.title || takedown.gif_id}</strong> · {takedown.reason_label}
              {takedown.note ? <> · “{takedown.note}”</> : null}
              <span className="muted">
                {' '}
                · {day(takedown.created_at)}
                {takedown.restored_at ? ` · restored ${day(takedown.restored_at)}` : ''}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
