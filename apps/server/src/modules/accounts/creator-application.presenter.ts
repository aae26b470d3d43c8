import type { MyApplication } from '@jiffy/contracts';
import type { OwnApplication } from './creator-application.repository.ts';

/** An applicant's own application as `/apply` follows it (`myApplicationAnswer`). */
export function presentOwnApplication(application: OwnApplication | null): MyApplication | null {
  if (!application) return null;
  return {
    id: application.id,
    status: application.status,
    created_at: new Date(application.created_at).toISOString(),
    reviewed_at: application.reviewed_at ? new Date(application.reviewed_at).toISOString() : null,
    decision_note: application.decision_note,
  };
}
