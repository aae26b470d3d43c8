import { Link } from 'react-router';
import type { Upload } from './dashboard-api.ts';
import { DashboardSection } from './DashboardSection.tsx';
import { uploadStatus } from './upload-status.ts';

/**
 * The creator's uploads nobody else sees, each marked with its state ("Taken down", "Upload
 * failed", …) and why, in words rather than the stored status. A taken-down GIF has no edit
 * link (the server refuses its edits): the list says so and where the moderator's note is. One
 * still processing has none either until it is ready.
 */
export function UploadsNotShowing(props: { uploads: Upload[] | undefined; failed: boolean }) {
  return (
    <DashboardSection
      title="Uploads not showing"
      rows={props.uploads}
      failed={props.failed}
      empty="Every upload of yours is showing."
    >
      <ul aria-label="Uploads not showing" className="dashboard-uploads">
        {props.uploads?.map((upload) => {
          const status = uploadStatus(upload);
          return (
            <li key={upload.id}>
              {upload.edit_url ? (
                <Link to={upload.edit_url}>{upload.title || upload.id}</Link>
              ) : (
                <strong>{upload.title || upload.id}</strong>
              )}{' '}
              <span className={status.blocked ? 'badge upload-blocked' : 'badge'}>
                {status.label}
              </span>
              {status.detail ? `: ${status.detail}` : null}
              {upload.edit_url ? null : upload.status === 'processing' ? (
                '. It can be edited once it is ready.'
              ) : (
                <>
                  . It can’t be edited while it is down; the moderator’s note is in{' '}
                  <Link to="/settings">Settings</Link>.
                </>
              )}
            </li>
          );
        })}
      </ul>
    </DashboardSection>
  );
}
