import { describe, expect, it } from 'vitest';
import { uploadStatus } from './upload-status.ts';

describe('uploadStatus', () => {
  it('words each state as a creator reads it, never the stored status', () => {
    expect(uploadStatus({ status: 'removed', reason: 'copyright' })).toEqual({
      label: 'Taken down',
      detail: 'Copyright or trademark',
      blocked: true,
    });
    expect(uploadStatus({ status: 'removed', reason: 'spam' }).detail).toBe('Spam or misleading');
    expect(uploadStatus({ status: 'removed', reason: null }).detail).toBe('no reason given');
    expect(uploadStatus({ status: 'failed', reason: 'The file is not an image.' })).toEqual({
      label: 'Upload failed',
      detail: 'The file is not an image.',
      blocked: true,
    });
    expect(uploadStatus({ status: 'pending_review', reason: null }).label).toBe('Held for review');
    expect(uploadStatus({ status: 'processing', reason: null })).toEqual({
      label: 'Processing',
      detail: null,
      blocked: false,
    });
  });
});
