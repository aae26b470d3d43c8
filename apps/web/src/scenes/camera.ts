/** Whether a camera can be offered, and if not, why not (shown beside the disabled button). */
export type CameraState =
  { kind: 'checking' } | { kind: 'available' } | { kind: 'unavailable'; reason: string };

const NO_API = 'This browser cannot use a camera here (it needs a secure page).';
const NO_CAMERA = 'No camera was found on this device.';
const DENIED = 'Camera access was denied. Allow it in the browser’s site settings to take one.';

/**
 * Looks for a camera without asking for it: the API, then a video input among the devices
 * (listed, unnamed, before permission), then a permission already refused.
 */
export async function findCamera(): Promise<CameraState> {
  const devices = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  if (!devices?.getUserMedia || !devices.enumerateDevices) return unavailable(NO_API);
  try {
    const list = await devices.enumerateDevices();
    if (!list.some((device) => device.kind === 'videoinput')) return unavailable(NO_CAMERA);
  } catch {
    return unavailable(NO_CAMERA);
  }
  try {
    const permission = await navigator.permissions?.query({ name: 'camera' });
    if (permission?.state === 'denied') return unavailable(DENIED);
  } catch {
    // Not every browser can be asked about the camera's permission; asking for it will tell.
  }
  return { kind: 'available' };
}

/** Opens the camera (the browser asks the person), or says in words why it did not. */
export async function openCamera(): Promise<MediaStream> {
  try {
    return await navigator.mediaDevices.getUserMedia({
      video: { width: { ideal: 1280 }, height: { ideal: 720 } },
      audio: false,
    });
  } catch (failure) {
    throw new Error(cameraRefusal(failure));
  }
}

/** What getUserMedia's error means to the person in front of it. */
export function cameraRefusal(failure: unknown): string {
  const name = (failure as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError') return DENIED;
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return NO_CAMERA;
  if (name === 'NotReadableError') return 'The camera is in use by another application.';
  return `The camera could not be opened (${(failure as Error)?.message || 'no reason given'}).`;
}

function unavailable(reason: string): CameraState {
  return { kind: 'unavailable', reason };
}

/** Stops every track: the camera's light goes off. */
export function stopStream(stream: MediaStream): void {
  for (const track of stream.getTracks()) track.stop();
}
