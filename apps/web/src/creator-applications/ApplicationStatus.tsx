import { dayOf, type MyApplication } from './applications-api.ts';

/** Where the user's latest application stands, in words, and the moderator's note if any. */
export function ApplicationStatus({ application }: { application: MyApplication }) {
  return (
    <>
      <Standing application={application} />
      {application.decision_note ? (
        <blockquote className="decision-note">
          <p>{application.decision_note}</p>
          <footer>— the moderator who reviewed it</footer>
        </blockquote>
      ) : null}
    </>
  );
}

function Standing({ application }: { application: MyApplication }) {
  const sent = dayOf(application.created_at);
  const decided = application.reviewed_at ? dayOf(application.reviewed_at) : null;
  if (application.status === 'pending')
    return (
      <p role="status">
        Your application is pending: sent {sent}. A moderator will review it; approved creators get
        the verified badge.
      </p>
    );
  if (application.status === 'approved')
    return (
      <p role="status">
        Your application was approved{decided ? ` on ${decided}` : ''}. You are a verified creator.
      </p>
    );
  return (
    <p role="status">
      Your application of {sent} was declined{decided ? ` on ${decided}` : ''}. You can apply again.
    </p>
  );
}
