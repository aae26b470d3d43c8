/**
 * What every kept answer does when a GIF leaves (takedown, delete) or comes back (restore):
 * caches register here where they are made, and the moderation service calls `purge` in the
 * same request, so no cached list, total or presented object shows the GIF afterwards. It is
 * this process's caches; other nodes on the same PostgreSQL server hear of it through
 * moderation/purge-broadcast.ts.
 */
export class CachePurge {
  readonly #forgetters: ((gifId: string | null) => void)[] = [];

  /** Registers what to forget when `gifId` changes visibility (null: anything might have). */
  register(forget: (gifId: string | null) => void): void {
    this.#forgetters.push(forget);
  }

  /** Forgets what is kept about `gifId`; null when which GIF is not known (a missed notice). */
  purge(gifId: string | null): void {
    for (const forget of this.#forgetters) forget(gifId);
  }
}
