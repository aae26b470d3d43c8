import { useState } from 'react';
import { Link } from 'react-router';
import { RequireSignIn } from '../account/RequireSignIn.tsx';
import type { SessionUser } from '../account/use-session.ts';
import { ErrorMessage } from '../components/ErrorMessage.tsx';
import { DropZone } from '../upload/DropZone.tsx';
import { useExperiment } from '../labs/experiments.ts';
import { TagSuggestions } from '../tag-suggestions/TagSuggestions.tsx';
import { UploadFieldsForm } from '../upload/UploadFieldsForm.tsx';
import { UploadItemRow } from '../upload/UploadItemRow.tsx';
import {
  emptyUploadFields,
  isHttpUrl,
  uploadFieldErrors,
  uploadFormValues,
} from '../upload/upload-fields.ts';
import { useUploadQueue } from '../upload/use-upload-queue.ts';
import { usePageTitle } from '../shell/use-page-title.ts';

/** `/upload`: files by drag and drop or picker, links pasted one per line, one set of fields. */
export default function UploadPage() {
  usePageTitle('Upload');
  return (
    <RequireSignIn title="Upload" purpose="to upload GIFs, stickers and videos">
      {(user) => <Uploader user={user} />}
    </RequireSignIn>
  );
}

/** The tags typed so far, as a list. */
const tagList = (tags: string) =>
  tags
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);

function Uploader({ user }: { user: SessionUser }) {
  const queue = useUploadQueue();
  const [fields, setFields] = useState(emptyUploadFields);
  const [links, setLinks] = useState('');
  const [linkError, setLinkError] = useState('');
  const [shownErrors, setShownErrors] = useState<ReturnType<typeof uploadFieldErrors>>({});
  const [busy, setBusy] = useState(false);
  const queued = queue.items.filter((item) => item.phase === 'queued').length;
  const ready = queue.items.filter((item) => item.phase === 'ready').length;
  const suggesting = useExperiment('upload-tag-suggestions');
  const firstFile = queue.items
    .map((item) => item.source)
    .find((source): source is File => typeof source !== 'string');

  const addLinks = () => {
    const lines = links.split(/\s+/).filter(Boolean);
    const bad = lines.filter((line) => !isHttpUrl(line));
    setLinkError(bad.length ? `Not a link: ${bad.join(', ')}` : '');
    queue.add(lines.filter(isHttpUrl));
    setLinks(bad.join('\n'));
  };

  const upload = async () => {
    const errors = uploadFieldErrors(fields);
    setShownErrors(errors);
    if (Object.keys(errors).length) return;
    setBusy(true);
    await queue.start(uploadFormValues(fields));
    setBusy(false);
  };

  return (
    <section className="upload-page">
      <h1>Upload</h1>
      <DropZone onFiles={queue.add} />
      <div className="form-field">
        <label htmlFor="upload-links">Or paste links to GIFs or videos, one per line</label>
        <textarea
          id="upload-links"
          rows={3}
          value={links}
          aria-invalid={linkError ? true : undefined}
          onChange={(event) => setLinks(event.target.value)}
        />
        <button type="button" className="secondary" onClick={addLinks} disabled={!links.trim()}>
          Add links
        </button>
        {linkError ? <ErrorMessage message={linkError} /> : null}
      </div>
      {queue.items.length ? (
        <ul className="upload-list" aria-label="Uploads">
          {queue.items.map((item) => (
            <UploadItemRow key={item.key} item={item} onRemove={queue.remove} />
          ))}
        </ul>
      ) : null}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void upload();
        }}
      >
        <UploadFieldsForm fields={fields} errors={shownErrors} onChange={setFields} />
        {suggesting && firstFile ? (
          <TagSuggestions
            file={firstFile}
            tags={tagList(fields.tags)}
            onAdd={(tag) =>
              setFields({ ...fields, tags: [...tagList(fields.tags), tag].join(', ') })
            }
          />
        ) : null}
        <button type="submit" className="primary" disabled={busy || queued === 0}>
          {queued > 1 ? `Upload all ${queued}` : 'Upload'}
        </button>
      </form>
      {ready ? (
        <p>
          {ready === 1 ? 'Your upload is' : `${ready} uploads are`} on{' '}
          <Link to={`/${user.username}`}>your channel</Link>.
        </p>
      ) : null}
    </section>
  );
}
