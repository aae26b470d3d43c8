import { Link } from 'react-router';
import { ConfirmButton } from '../components/ConfirmButton.tsx';
import type { Draft } from './story-draft.ts';

/**
 * Publishing: save as a draft, publish now or at a chosen time, unpublish, delete. A published
 * story's "Save changes" keeps it published at its own time.
 */
export function PublishControls(props: {
  draft: Draft;
  busy: boolean;
  onPublishAt: (value: string) => void;
  onSave: (publish: boolean) => void;
  onDelete: () => void;
}) {
  const { draft, busy } = props;
  const later = draft.publish_at !== '';
  return (
    <section className="publish-controls" aria-label="Publishing">
      <p className="muted">
        {draft.story_id === null
          ? 'Not saved yet.'
          : draft.is_published
            ? Date.parse(draft.publish_datetime ?? '') > Date.now()
              ? `Scheduled for ${new Date(draft.publish_datetime!).toLocaleString()}.`
              : 'Published.'
            : 'Draft: only you and staff see it.'}{' '}
        {draft.is_published && draft.slug ? (
          <Link to={`/stories/${draft.slug}`}>View it</Link>
        ) : null}
      </p>
      <label className="form-field">
        <span>Publish at (leave empty for now)</span>
        <input
          type="datetime-local"
          value={draft.publish_at}
          onChange={(event) => props.onPublishAt(event.target.value)}
        />
      </label>
      <div className="action-row">
        {draft.is_published ? (
          <>
            <button
              type="button"
              className="primary"
              disabled={busy}
              onClick={() => props.onSave(true)}
            >
              {later ? 'Reschedule' : 'Save changes'}
            </button>
            <button
              type="button"
              className="secondary"
              disabled={busy}
              onClick={() => props.onSave(false)}
            >
              Unpublish
            </button>
          </>
        ) : (
          <>
            <button
              type="button"
              className="primary"
              disabled={busy}
              onClick={() => props.onSave(true)}
            >
              {later ? 'Schedule' : 'Publish'}
            </button>
            <button
              type="button"
              className="secondary"
              disabled={busy}
              onClick={() => props.onSave(false)}
            >
              Save draft
            </button>
          </>
        )}
        {draft.story_id ? (
          <ConfirmButton
            label="Delete"
            className="danger"
            disabled={busy}
            title="Delete this story for good?"
            message="Its GIFs stay on Jiffy; the story cannot be brought back."
            confirmLabel="Delete story"
            onConfirm={props.onDelete}
          />
        ) : null}
      </div>
    </section>
  );
}
