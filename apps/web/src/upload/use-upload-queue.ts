import type { Gif } from '@jiffy/contracts';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { sendFile, sendUrl, waitUntilProcessed } from './send-upload.ts';

export type UploadPhase = 'queued' | 'uploading' | 'processing' | 'held' | 'ready' | 'failed';

/** The server took it: ready, or held for a moderator (pre-moderation). */
export const isUploaded = (phase: UploadPhase) => phase === 'ready' || phase === 'held';

/** One file or link in the batch, and how far it has got. */
export interface UploadItem {
  key: number;
  label: string;
  source: File | string;
  phase: UploadPhase;
  /** Share of the file sent, 0 to 1 (links have nothing to send). */
  sent: number;
  error: string;
  gif: Gif | null;
}

type Action =
  | { type: 'add'; items: UploadItem[] }
  | { type: 'remove'; key: number }
  | { type: 'update'; key: number; patch: Partial<UploadItem> };

function reducer(items: UploadItem[], action: Action): UploadItem[] {
  switch (action.type) {
    case 'add':
      return [...items, ...action.items];
    case 'remove':
      return items.filter((item) => item.key !== action.key);
    case 'update':
      return items.map((item) => (item.key === action.key ? { ...item, ...action.patch } : item));
  }
}

/** A file the server would refuse for its type, said at once instead of after sending it. */
function refusal(file: File): string {
  if (file.size === 0) return `${file.name} is empty.`;
  if (file.type && !/^(image|video)\//.test(file.type))
    return `${file.name} is not a GIF, image or video.`;
  return '';
}

// Two at a time: the server processes each as it arrives, and one slow file holds up no other.
const PARALLEL_SENDS = 2;

/** The upload page's batch: add files and links, then send them all with the same fields. */
export function useUploadQueue() {
  const [items, dispatch] = useReducer(reducer, []);
  const nextKey = useRef(1);
  const stop = useRef(new AbortController());
  useEffect(() => {
    stop.current = new AbortController();
    return () => stop.current.abort();
  }, []);

  const add = useCallback((sources: (File | string)[]) => {
    const added = sources.map((source): UploadItem => {
      const error = typeof source === 'string' ? '' : refusal(source);
      return {
        key: nextKey.current++,
        label: typeof source === 'string' ? source : source.name,
        source,
        phase: error ? 'failed' : 'queued',
        sent: 0,
        error,
        gif: null,
      };
    });
    dispatch({ type: 'add', items: added });
  }, []);

  const remove = useCallback((key: number) => dispatch({ type: 'remove', key }), []);

  /** Sends one item and follows its processing; answers the phase it ended in. */
  const send = useCallback(
    async (item: UploadItem, fields: Record<string, string>): Promise<UploadPhase> => {
      let phase: UploadPhase = 'uploading';
      const update = (patch: Partial<UploadItem>) => {
        phase = patch.phase ?? phase;
        dispatch({ type: 'update', key: item.key, patch });
      };
      const signal = stop.current.signal;
      try {
        update({ phase: 'uploading', sent: 0, error: '' });
        const id =
          typeof item.source === 'string'
            ? await sendUrl(item.source, fields)
            : await sendFile(item.source, fields, (sent) => update({ sent }), signal);
        update({ phase: 'processing', sent: 1 });
        const status = await waitUntilProcessed(id, signal);
        if (status.status === 'ready') update({ phase: 'ready', gif: status.gif });
        else if (status.status === 'pending_review') update({ phase: 'held' });
        else if (status.status === 'failed')
          update({ phase: 'failed', error: status.error?.message || 'Processing failed.' });
      } catch (failure) {
        if (!signal.aborted) update({ phase: 'failed', error: (failure as Error).message });
      }
      return phase;
    },
    [],
  );

  /** Sends every queued item, a few at a time; answers how many the server took. */
  const start = useCallback(
    async (fields: Record<string, string>): Promise<{ uploaded: number }> => {
      const waiting = items.filter((item) => item.phase === 'queued');
      let uploaded = 0;
      const workers = Array.from({ length: PARALLEL_SENDS }, async () => {
        for (let item = waiting.shift(); item; item = waiting.shift()) {
          const phase = await send(item, fields);
          if (isUploaded(phase)) uploaded++;
        }
      });
      await Promise.all(workers);
      return { uploaded };
    },
    [items, send],
  );

  return { items, add, remove, start };
}
