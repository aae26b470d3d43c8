import { reportReasons } from '@jiffy/contracts';
import type { Upload } from './dashboard-api.ts';

/** How an upload that is not showing is marked: a short state, and the why beside it. */
export interface UploadStatus {
  /** "Taken down", "Upload failed", … : the mark a creator scans the list for. */
  label: string;
  /** The reason in the site's words, when there is one. */
  detail: string | null;
  /** Taken down or failed: it will not show without someone doing something. */
  blocked: boolean;
}

/**
 * The dashboard's words for an upload's state. A takedown's reason is worded as the report form
 * and Settings' takedown list word it (`@jiffy/contracts` report reasons), so a creator reads the
 * same "Copyright or trademark" everywhere, never the stored `copyright`.
 */
export function uploadStatus(upload: Pick<Upload, 'status' | 'reason'>): UploadStatus {
  switch (upload.status) {
    case 'removed':
      return { label: 'Taken down', detail: takedownReason(upload.reason), blocked: true };
    case 'failed':
      return { label: 'Upload failed', detail: upload.reason, blocked: true };
    case 'pending_review':
      return {
        label: 'Held for review',
        detail: 'a moderator looks at it before it is listed',
        blocked: false,
      };
    case 'processing':
      return { label: 'Processing', detail: null, blocked: false };
    default:
      return { label: upload.status, detail: upload.reason, blocked: false };
  }
}

function takedownReason(reason: string | null): string {
  if (!reason) return 'no reason given';
  return reportReasons.find(([value]) => value === reason)?.[1] ?? reason;
}
