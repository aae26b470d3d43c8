import type { DragEvent } from 'react';

/** What the scheduler's drags carry: a scheduled item to move, or a GIF to schedule. */
export const DRAG_ITEM = 'application/x-jiffy-schedule-item';
export const DRAG_GIF = 'application/x-jiffy-gif';

/** Whether a drag carries something a day of the timeline takes. */
export const carriesScheduling = (event: DragEvent) =>
  event.dataTransfer.types.includes(DRAG_ITEM) || event.dataTransfer.types.includes(DRAG_GIF);
