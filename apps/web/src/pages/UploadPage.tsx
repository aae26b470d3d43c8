import { useEffect, useId, useRef, useState } from 'react';
import { RequireSignIn } from '../account/RequireSignIn.tsx';
import type { SessionUser } from '../account/use-session.ts';
import { ErrorMessage } from '../components/ErrorMessage.tsx';
import { DropZone } from '../upload/DropZone.tsx';
import { useExperiment } from '../labs/experiments.ts';
import { TagSuggestions } from '../tag-suggestions/TagSuggestions.tsx';
import { UploadedList } from '../upload/UploadedList.tsx';
import { UploadFieldsForm } from '../upload/UploadFieldsForm.tsx';
import { UploadItemRow } from '../upload/UploadItemRow.tsx';
import {
  emptyUploadFields,
  isHttpUrl,
  uploadFieldErrors,
  uploadFormValues,
} from '../upload/upload-fields.ts';
import { isUploaded, useUploadQueue } from '../upload/use-upload-queue.ts';
import { usePageTitle } from '../shell/use-page-title.ts';
import '../upload/upload.css';

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
  const formId = useId();
  const queue = useUploadQueue();
  const uploadedHeading = useRef<HTMLHeadingElement>(null);
  const [fields, setFields] = useState(emptyUploadFields);
  const [links, setLinks] = useState('');
  const [linkError, setLinkError] = useState('');
  const [shownErrors, setShownErrors] = useState<ReturnType<typeof uploadFieldErrors>>({});
  const [busy, setBusy] = useState(false);
  // Counts batches the server took; each moves focus to the uploaded list once it is shown.
  const [batchesTaken, setBatchesTaken] = useState(0);
  useEffect(() => {
    if (batchesTaken > 0) uploadedHeading.current?.focus();
  }, [batchesTaken]);
  // What the server took leaves the chosen files for the uploaded ones, as it happens.
  const chosen = queue.items.filter((item) => !isUploaded(item.phase));
  const uploaded = queue.items.filter((item) => isUploaded(item.phase));
  const queued = chosen.filter((item) => item.phase === 'queued').length;
  const suggesting = useExperiment('upload-tag-suggestions');
  const firstFile = chosen
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
    const { uploaded: taken } = await queue.start(uploadFormValues(fields));
    setBusy(false);
    // A batch the server took starts the form afresh for the next one; its files are now in
    // the uploaded list, whose heading takes focus (on a phone it is scrolled to as well).
    // Nothing taken keeps the fields, to try again.
    if (taken > 0) {
      setFields(emptyUploadFields);
      setBatchesTaken((count) => count + 1);
    }
  };

  return (
    <section className="upload-page">
      <h1>Upload</h1>
      {uploaded.length ? (
        <UploadedList items={uploaded} username={user.username} headingRef={uploadedHeading} />
      ) : null}
      <DropZone onFiles={queue.add} />
      {chosen.length ? (
        <ul className="upload-list" aria-label="Chosen files">
          {chosen.map((item) => (
            <UploadItemRow key={item.key} item={item} onRemove={queue.remove} />
          ))}
        </ul>
      ) : null}
      <div className="form-field">
        <label htmlFor="upload-links">Or paste links to GIFs or videos, one per line</label>
        <textarea
          id="upload-links"
          rows={2}
          value={links}
          aria-invalid={linkError ? true : undefined}
          onChange={(event) => setLinks(event.target.value)}
        />
        <button type="button" className="secondary" onClick={addLinks} disabled={!links.trim()}>
          Add links
        </button>
        {linkError ? <ErrorMessage message={linkError} /> : null}
      </div>
      <form
        id={formId}
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
      </form>
      {/* In view at every scroll: on a phone the fields run past the first screen. */}
      <div className="upload-actions">
        <button type="submit" form={formId} className="primary" disabled={busy || queued === 0}>
          {busy ? 'Uploading…' : queued > 1 ? `Upload all ${queued}` : 'Upload'}
        </button>
        <span className="muted" aria-live="polite">
          {queued === 0
            ? 'Nothing chosen yet'
            : `${queued} ${queued === 1 ? 'file' : 'files'} ready`}
        </span>
      </div>
    </section>
  );
}
