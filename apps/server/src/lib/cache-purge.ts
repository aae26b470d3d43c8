/**
 * What every kept answer does when a GIF leaves (takedown, delete) or comes back (restore):
 * caches register here where they are made, and the moderation service calls `purge` in the
 * same request, so no cached list, total or presented object shows the GIF afterwards. It is
 * this process's caches only: other API nodes keep theirs until they expire (30 s at most).
 */
export class CachePurge {
  readonly #forgetters: ((gifId: string) => void)[] = [];

  /** Registers what to forget when `gifId` changes visibility. */
  register(forget: (gifId: string) => void): void {
    this.#forgetters.push(forget);
  }

  purge(gifId: string): void {
    for (const forget of this.#forgetters) forget(gifId);
  }
}
