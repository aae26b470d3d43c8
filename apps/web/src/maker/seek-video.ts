/**
 * Moves a `<video>` to `time` and resolves once that frame can be drawn. A `seeked` that
 * answers an earlier seek (already queued when this one began) is not this one's: it waits
 * until the player says it is at `time`.
 */
export function seekVideo(video: HTMLVideoElement, to: number): Promise<void> {
  // The player clamps to its length; waiting for an unreachable time would never end.
  const time = Number.isFinite(video.duration) ? Math.min(to, video.duration) : to;
  return new Promise((resolve, reject) => {
    const stop = () => {
      video.removeEventListener('seeked', seeked);
      video.removeEventListener('error', failed);
    };
    const seeked = () => {
      if (Math.abs(video.currentTime - time) > 1e-3 || video.seeking) return;
      stop();
      resolve();
    };
    const failed = () => {
      stop();
      reject(new Error('The clip could not be read.'));
    };
    video.addEventListener('seeked', seeked);
    video.addEventListener('error', failed);
    video.currentTime = time;
  });
}

/**
 * Runs frame captures (filmstrip, tag suggestions, the render) one after another on the
 * same `<video>`: two seeking at once would draw each other's frames.
 */
export function oneAtATime() {
  let queue: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  };
}

/** A `<video>`'s picture and size as drawFrame takes it. */
export function videoFrame(video: HTMLVideoElement) {
  return { image: video, width: video.videoWidth, height: video.videoHeight };
}
