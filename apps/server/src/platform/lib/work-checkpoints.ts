import diagnostics from 'node:diagnostics_channel';

/**
 * A named point in an upload's or a job's work (files stored, not yet recorded), published on
 * the diagnostics channel `jiffy:work-checkpoint` for whoever traces the process. A subscriber
 * may set `hold` to keep the work waiting there: the crash tests preload one that holds chosen
 * GIFs' work at a known point and kill the process while it waits.
 */
export interface WorkCheckpoint {
  point: 'upload-stored' | 'essential-stored' | 'rest-stored';
  /** The GIF's title, which names it in a test's plan. */
  title: string;
  hold?: Promise<void>;
}

export const WORK_CHECKPOINTS = 'jiffy:work-checkpoint';
const channel = diagnostics.channel(WORK_CHECKPOINTS);

/** Publishes the checkpoint (nothing, when no one listens) and waits out any hold. */
export async function passCheckpoint(point: WorkCheckpoint['point'], title: string): Promise<void> {
  if (!channel.hasSubscribers) return;
  const checkpoint: WorkCheckpoint = { point, title };
  channel.publish(checkpoint);
  if (checkpoint.hold) await checkpoint.hold;
}
