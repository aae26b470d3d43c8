import type { Gif } from '@jiffy/contracts';
import { csrfToken, siteJson } from '../api/site-fetch.ts';

/** `GET /api/v1/uploads/:id`: where an upload is in processing. */
export interface UploadStatus {
  id: string;
  /** 'pending_review': held for a moderator's approval (pre-moderation). */
  status: 'processing' | 'ready' | 'failed' | 'pending_review';
  error: { code: string; message: string } | null;
  gif: Gif | null;
}

/**
 * Sends one file with the batch's fields to `POST /api/v1/uploads`. XMLHttpRequest, not fetch:
 * only it reports how much of the body has gone, for the progress bar.
 */
export function sendFile(
  file: File,
  fields: Record<string, string>,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<string> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file, file.name);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/v1/uploads');
    request.setRequestHeader('x-csrf-token', csrfToken());
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const body = request.response as { data?: { id: string }; error?: { message: string } };
      if (request.status === 201 && body?.data) resolve(body.data.id);
      else reject(new Error(body?.error?.message ?? `The server answered ${request.status}.`));
    };
    request.onerror = () => reject(new Error('The upload was cut off; check the connection.'));
    signal.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}

/** Sends a link for the server to fetch (it refuses addresses inside its network). */
export async function sendUrl(url: string, fields: Record<string, string>): Promise<string> {
  const data = await siteJson<{ id: string }>('/api/v1/uploads', {
    method: 'POST',
    json: { ...fields, source_image_url: url },
  });
  return data.id;
}

const POLL_MS = 500;

/** Asks how processing goes until the upload is ready or failed (or the page stops asking). */
export async function waitUntilProcessed(id: string, signal: AbortSignal): Promise<UploadStatus> {
  for (;;) {
    const status = await siteJson<UploadStatus>(`/api/v1/uploads/${id}`);
    if (status.status !== 'processing' || signal.aborted) return status;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
