import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { editFor, type BulkAction } from './bulk-edit.ts';
import {
  allOwnGifs,
  deleteGif,
  OWN_GIFS,
  restoreOwnGif,
  setOwnGif,
  updateGifField,
  type OwnGif,
  type OwnGifsData,
} from './own-gifs.ts';

/** A GIF the server refused to change, with its words. */
export interface Refusal {
  id: string;
  name: string;
  message: string;
}

/**
 * Applies one action to each selected GIF, one call per GIF. Every GIF shows its new state at
 * once; one the server refuses goes back to what it was and its refusal is kept to be shown.
 */
export function useBulkEdit() {
  const client = useQueryClient();
  const [refusals, setRefusals] = useState<Refusal[]>([]);
  const [busy, setBusy] = useState(false);

  /** Shows the action's outcome on one GIF at once; returns the call that makes it so. */
  function showAndSend(gif: OwnGif, action: BulkAction): (() => Promise<unknown>) | null {
    if (action.kind === 'delete') {
      setOwnGif(client, gif.id, null);
      return () => deleteGif(gif.id);
    }
    const edit = editFor(gif, action);
    if (!edit) return null;
    setOwnGif(client, gif.id, edit.after);
    return async () => {
      const answer = await updateGifField(gif.id, edit.key, edit.value);
      setOwnGif(client, gif.id, { ...edit.after, ...answer });
    };
  }

  async function apply(ids: string[], action: BulkAction): Promise<void> {
    setBusy(true);
    setRefusals([]);
    await client.cancelQueries({ queryKey: OWN_GIFS });
    const gifs = allOwnGifs(client.getQueryData<OwnGifsData>(OWN_GIFS));
    // Every selected GIF shows its new state first; the calls follow.
    const pending = gifs.flatMap((gif, index) => {
      const send = ids.includes(gif.id) ? showAndSend(gif, action) : null;
      return send ? [{ gif, index, send }] : [];
    });
    // One call at a time: the server sees a steady trickle, and answers arrive in order.
    const refused: Refusal[] = [];
    for (const { gif, index, send } of pending) {
      try {
        await send();
      } catch (error) {
        if (action.kind === 'delete') restoreOwnGif(client, gif, index);
        else setOwnGif(client, gif.id, gif);
        refused.push({
          id: gif.id,
          name: gif.title || gif.id,
          message: error instanceof Error ? error.message : String(error),
        });
      }
    }
    setRefusals(refused);
    setBusy(false);
  }

  return { apply, refusals, busy };
}
