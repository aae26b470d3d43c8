import { Link, useParams } from 'react-router';
import { ErrorMessage } from '../components/ErrorMessage.tsx';
import { RequireRole } from '../moderation/RequireRole.tsx';
import { GifPicker } from '../stories/GifPicker.tsx';
import { PublishControls } from '../stories/PublishControls.tsx';
import { StoryItemsEditor } from '../stories/StoryItemsEditor.tsx';
import { itemKey, type Draft } from '../stories/story-draft.ts';
import { useStoryEditor } from '../stories/use-story-editor.ts';
import '../stories/stories.css';
import { usePageTitle } from '../shell/use-page-title.ts';

/** `/dashboard/stories/new` and `/dashboard/stories/:id`: write, order and publish a story. */
export default function StoryEditorPage() {
  const id = useParams().id ?? null;
  usePageTitle(id ? 'Edit story' : 'New story');
  return (
    <RequireRole title="Story editor" permission="story.write" who="creators and staff">
      {/* A new story, once saved, becomes its own page: start that one afresh. */}
      {() => <StoryEditor key={id ?? 'new'} storyId={id} />}
    </RequireRole>
  );
}

function StoryEditor({ storyId }: { storyId: string | null }) {
  const editor = useStoryEditor(storyId);
  const { draft } = editor;
  if (!draft)
    return editor.saved.error ? (
      <ErrorMessage message={editor.saved.error.message} />
    ) : (
      <p className="loading">Loading…</p>
    );
  const set = (patch: Partial<Draft>) => editor.change((before) => ({ ...before, ...patch }));
  return (
    <section className="story-editor">
      <p>
        <Link to="/dashboard/stories">← Your stories</Link>
      </p>
      <h1>{draft.story_id ? 'Edit story' : 'New story'}</h1>
      {editor.notice ? (
        <p role="status" className="muted">
          {editor.notice}{' '}
          {editor.dirty ? (
            <button type="button" className="link-button" onClick={editor.discard}>
              Discard them
            </button>
          ) : null}
        </p>
      ) : null}
      {editor.error ? <ErrorMessage message={editor.error} /> : null}
      <div className="story-editor-layout">
        <div>
          <label className="form-field">
            <span>Title</span>
            <input
              value={draft.title}
              maxLength={200}
              onChange={(event) => set({ title: event.target.value })}
            />
          </label>
          <label className="form-field">
            <span>Description</span>
            <textarea
              value={draft.description}
              maxLength={2000}
              rows={3}
              onChange={(event) => set({ description: event.target.value })}
            />
          </label>
          <label className="form-field">
            <span>Tags (separated by commas)</span>
            <input value={draft.tags} onChange={(event) => set({ tags: event.target.value })} />
          </label>
          <h2>GIFs</h2>
          <StoryItemsEditor
            items={draft.items}
            coverId={draft.cover_gif_id}
            onItems={(items) => set({ items })}
            onCover={(gifId) => set({ cover_gif_id: gifId })}
          />
          <PublishControls
            draft={draft}
            busy={editor.busy}
            onPublishAt={(value) => set({ publish_at: value })}
            onSave={(publish) => void editor.save(publish)}
            onDelete={() => void editor.remove()}
          />
        </div>
        <GifPicker
          ownUploads
          onPick={(gif) =>
            editor.change((before) => ({
              ...before,
              items: [...before.items, { ...gif, key: itemKey(gif.gif_id), caption: '', link: '' }],
            }))
          }
        />
      </div>
    </section>
  );
}
