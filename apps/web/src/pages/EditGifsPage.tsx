import { useState } from 'react';
import { Link } from 'react-router';
import { RequireSignIn } from '../account/RequireSignIn.tsx';
import { ErrorMessage } from '../components/ErrorMessage.tsx';
import { BulkActionsBar } from '../edit/BulkActionsBar.tsx';
import { OwnGifCard } from '../edit/OwnGifCard.tsx';
import { allOwnGifs, useOwnGifs } from '../edit/own-gifs.ts';
import { useBulkEdit } from '../edit/use-bulk-edit.ts';
import { usePageTitle } from '../shell/use-page-title.ts';
import '../edit/edit.css';

/** `/edit/gifs`: the signed-in user's uploads, selected many at a time and edited together. */
export default function EditGifsPage() {
  usePageTitle('Your GIFs');
  return (
    <RequireSignIn title="Your GIFs" purpose="to edit your GIFs">
      {() => <OwnGifsEditor />}
    </RequireSignIn>
  );
}

function OwnGifsEditor() {
  const list = useOwnGifs();
  const bulk = useBulkEdit();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const gifs = allOwnGifs(list.data);
  const shown = new Set(gifs.map((gif) => gif.id));
  const chosen = [...selected].filter((id) => shown.has(id));
  const allChosen = gifs.length > 0 && chosen.length === gifs.length;
  const toggle = (id: string) =>
    setSelected((before) => {
      const next = new Set(before);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <section className="edit-gifs">
      <h1>Your GIFs</h1>
      {list.isPending ? <p className="loading">Loading…</p> : null}
      {list.error ? <ErrorMessage message={list.error.message} /> : null}
      {list.isSuccess && gifs.length === 0 ? (
        <p>
          You have no GIFs yet. <Link to="/upload">Upload one</Link>.
        </p>
      ) : null}
      {gifs.length > 0 ? (
        <>
          <div className="edit-gifs-tools">
            <label className="check-field">
              <input
                type="checkbox"
                checked={allChosen}
                onChange={() => setSelected(allChosen ? new Set() : new Set(shown))}
              />
              Select all
            </label>
            <BulkActionsBar
              count={chosen.length}
              busy={bulk.busy}
              onApply={(action) => void bulk.apply(chosen, action)}
            />
          </div>
          {bulk.busy ? (
            <p className="muted" role="status">
              Saving…
            </p>
          ) : null}
          {bulk.refusals.map((refusal) => (
            <ErrorMessage key={refusal.id} message={`${refusal.name}: ${refusal.message}`} />
          ))}
          <ul className="own-gifs">
            {gifs.map((gif) => (
              <OwnGifCard
                key={gif.id}
                gif={gif}
                selected={selected.has(gif.id)}
                onToggle={() => toggle(gif.id)}
              />
            ))}
          </ul>
          {list.hasNextPage ? (
            <button
              type="button"
              className="secondary"
              disabled={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              More GIFs
            </button>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
