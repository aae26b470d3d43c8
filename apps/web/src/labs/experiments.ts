import { useSyncExternalStore } from 'react';

/** What this instance's site has that is still experimental: each can be switched in /labs. */
export const EXPERIMENTS = [
  {
    id: 'backdrop',
    title: 'Backdrop',
    description:
      'Play a search, a channel or a story as a full-window loop of GIFs for a stream or a call: a “Play as a backdrop” link on those pages.',
    on: true,
  },
  {
    id: 'upload-tag-suggestions',
    title: 'Suggested tags when uploading',
    description:
      'Jiffy looks at the first file you add to /upload and suggests tags from the GIFs of this library that look most like it. Its guesses come from what is here, so on a small library they are rough.',
    on: false,
  },
] as const;

export type ExperimentId = (typeof EXPERIMENTS)[number]['id'];

/** Switches are this browser's: an experiment is something one tries, not an account setting. */
const KEY = 'jiffy-labs';
const listeners = new Set<() => void>();

function chosen(): Partial<Record<ExperimentId, boolean>> {
  try {
    return JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<Record<ExperimentId, boolean>>;
  } catch {
    return {};
  }
}

export function isOn(id: ExperimentId): boolean {
  return chosen()[id] ?? EXPERIMENTS.find((e) => e.id === id)!.on;
}

export function setExperiment(id: ExperimentId, on: boolean): void {
  localStorage.setItem(KEY, JSON.stringify({ ...chosen(), [id]: on }));
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab switched it.
  const onStorage = (event: StorageEvent) => event.key === KEY && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Whether an experiment is on in this browser, following its switch as it changes. */
export function useExperiment(id: ExperimentId): boolean {
  return useSyncExternalStore(subscribe, () => isOn(id));
}
