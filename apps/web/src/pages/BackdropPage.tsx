import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Backdrop } from '../backdrop/Backdrop.tsx';
import {
  loadBackdrop,
  pathOfSource,
  sourceOfPath,
  type BackdropSource,
} from '../backdrop/backdrop-source.ts';
import { ErrorMessage } from '../components/ErrorMessage.tsx';
import NotFoundPage from './NotFoundPage.tsx';
import { usePageTitle } from '../shell/use-page-title.ts';

/**
 * `/backdrop`: a full-window loop of GIFs for streams and calls. `/backdrop/trending`,
 * `/backdrop/search/:term`, `/backdrop/channel/:id` and `/backdrop/story/:slug` are each a
 * shareable backdrop; `/backdrop` alone says how to make one.
 */
export default function BackdropPage() {
  usePageTitle('Backdrop');
  const rest = useParams()['*'] ?? '';
  if (rest === '') return <BackdropChooser />;
  const source = sourceOfPath(rest);
  if (!source) return <NotFoundPage />;
  return <BackdropOf source={source} />;
}

function BackdropOf({ source }: { source: BackdropSource }) {
  const navigate = useNavigate();
  const path = pathOfSource(source);
  const loaded = useQuery({ queryKey: ['backdrop', path], queryFn: () => loadBackdrop(source) });
  if (loaded.isPending) return <p className="loading">Loading…</p>;
  if (loaded.error) return <ErrorMessage message={loaded.error.message} />;
  return (
    <Backdrop
      gifs={loaded.data.gifs}
      title={loaded.data.title}
      shareUrl={`${location.origin}${path}`}
      onExit={() => void navigate('/backdrop')}
    />
  );
}

function BackdropChooser() {
  const navigate = useNavigate();
  const termId = useId();
  const [term, setTerm] = useState('');
  return (
    <section className="backdrop-chooser">
      <h1>Backdrop</h1>
      <p>
        GIFs filling the whole window, one after another, for a stream, a call or a party. The
        controls fade when the pointer rests; → and ← step, space pauses, Escape leaves. Each
        backdrop has its own link to share.
      </p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const q = term.trim();
          if (q) void navigate(pathOfSource({ kind: 'search', term: q }));
        }}
      >
        <div className="form-field">
          <label htmlFor={termId}>A backdrop of a search</label>
          <input
            id={termId}
            type="search"
            maxLength={50}
            value={term}
            onChange={(event) => setTerm(event.target.value)}
          />
        </div>
        <button type="submit" className="primary">
          Start
        </button>
      </form>
      <p>
        Or <Link to="/backdrop/trending">trending GIFs</Link>. A channel or a story page’s
        “Backdrop” link starts one of its GIFs.
      </p>
    </section>
  );
}
