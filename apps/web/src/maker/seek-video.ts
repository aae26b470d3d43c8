/** Moves a `<video>` to `time` and resolves once that frame can be drawn. */
export function seekVideo(video: HTMLVideoElement, time: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      video.removeEventListener('error', failed);
      resolve();
    };
    const failed = () => {
      video.removeEventListener('seeked', done);
      reject(new Error('The clip could not be read.'));
    };
    video.addEventListener('seeked', done, { once: true });
    video.addEventListener('error', failed, { once: true });
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
