/**
 * How long to wait, once the player has seeked, for it to hand the compositor the new frame.
 * A seek to where the player already is presents nothing, so the wait must end by itself.
 */
const FRAME_WAIT_MS = 250;

/**
 * Moves a `<video>` to `time` and resolves once that frame can be drawn. `seeked` alone is
 * not enough: on a busy machine Chromium fires it before a detached player's picture is
 * updated, and `drawImage` then copies the frame before (seen in 1 of 100–300 seeks under
 * load). So it also waits for the player to present a frame after the seek began
 * (`requestVideoFrameCallback`, where the browser has it). A `seeked` that answers an earlier
 * seek (already queued when this one began) is not this one's: it waits until the player says
 * it is at `time`.
 */
export async function seekVideo(video: HTMLVideoElement, to: number): Promise<void> {
  const presented = framePresented(video);
  try {
    await seeked(video, to);
    await Promise.race([presented.promise, delay(FRAME_WAIT_MS)]);
  } finally {
    presented.cancel();
  }
}

function seeked(video: HTMLVideoElement, to: number): Promise<void> {
  // The player clamps to its length; waiting for an unreachable time would never end.
  const time = Number.isFinite(video.duration) ? Math.min(to, video.duration) : to;
  return new Promise((resolve, reject) => {
    const stop = () => {
      video.removeEventListener('seeked', done);
      video.removeEventListener('error', failed);
    };
    const done = () => {
      if (Math.abs(video.currentTime - time) > 1e-3 || video.seeking) return;
      stop();
      resolve();
    };
    const failed = () => {
      stop();
      reject(new Error('The clip could not be read.'));
    };
    video.addEventListener('seeked', done);
    video.addEventListener('error', failed);
    video.currentTime = time;
  });
}

/**
 * Resolves when the player next presents a frame. Where the browser cannot say, at once:
 * `seeked` is then all there is to go by.
 */
function framePresented(video: HTMLVideoElement) {
  if (typeof video.requestVideoFrameCallback !== 'function') {
    return { promise: Promise.resolve(), cancel: () => undefined };
  }
  let id = 0;
  const promise = new Promise<void>((resolve) => {
    id = video.requestVideoFrameCallback(() => resolve());
  });
  return { promise, cancel: () => video.cancelVideoFrameCallback(id) };
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

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
