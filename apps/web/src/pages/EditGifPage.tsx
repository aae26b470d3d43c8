import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { RequireSignIn } from '../account/RequireSignIn.tsx';
import { siteJson } from '../api/site-fetch.ts';
import { ErrorMessage } from '../components/ErrorMessage.tsx';
import { GifFieldsForm } from '../edit/GifFieldsForm.tsx';
import { LanguageTagsEditor } from '../edit/LanguageTagsEditor.tsx';
import type { OwnGif } from '../edit/own-gifs.ts';
import { usePageTitle } from '../shell/use-page-title.ts';
import '../edit/edit.css';

/** `/edit/gifs/:id`: one of the user's GIFs, every field, and its tags in other languages. */
export default function EditGifPage() {
  usePageTitle('Edit GIF');
  return (
    <RequireSignIn title="Edit GIF" purpose="to edit your GIFs">
      {() => <OneGifEditor />}
    </RequireSignIn>
  );
}

function OneGifEditor() {
  const { id = '' } = useParams();
  const queryKey = ['edit-gif', id];
  // The extended metadata lists only GIFs the caller may edit: someone else's is left out.
  const gif = useQuery({
    queryKey,
    queryFn: async () =>
      (
        await siteJson<OwnGif[]>(`/ajax/gifs/extended-metadata?gif_ids=${encodeURIComponent(id)}`)
      )[0] ?? null,
  });
  if (gif.isPending) return <p className="loading">Loading…</p>;
  if (gif.error) return <ErrorMessage message={gif.error.message} />;
  if (!gif.data)
    return (
      <section className="status-page">
        <h1>Edit GIF</h1>
        <p>
          None of your GIFs has that id. <Link to="/edit/gifs">Your GIFs</Link>
        </p>
      </section>
    );
  // The server refuses every edit of a taken-down GIF (409) and its tags in other languages
  // are gone with it (404): say so rather than offer a form that can only fail.
  if (gif.data.status === 'removed')
    return (
      <section className="status-page">
        <h1>{gif.data.title || 'Untitled GIF'} was taken down</h1>
        <p>
          A moderator took this GIF down, so it can’t be edited and nobody else sees it. The reason
          and the moderator’s note are in <Link to="/settings">Settings</Link>; write to the
          instance’s admins if you think it was a mistake.
        </p>
        <p>
          <Link to="/edit/gifs">← Your GIFs</Link>
        </p>
      </section>
    );
  return (
    <section className="edit-gif">
      <p>
        <Link to="/edit/gifs">← Your GIFs</Link>
      </p>
      <h1>Edit {gif.data.title || 'Untitled GIF'}</h1>
      <GifFieldsForm gif={gif.data} queryKey={queryKey} />
      <LanguageTagsEditor gifId={id} />
    </section>
  );
}
