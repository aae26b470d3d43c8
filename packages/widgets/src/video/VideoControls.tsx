import type { CSSProperties } from 'react';
import type { Playback } from './use-video-playback.ts';

/** Play/pause and volume icons are 25 px. */
const ICON = 25;

export interface ControlsVisibility {
  hideMute?: boolean;
  hidePlayPause?: boolean;
  hideProgressBar?: boolean;
}

const button: CSSProperties = {
  position: 'absolute',
  bottom: 10,
  width: ICON + 10,
  height: ICON + 10,
  padding: 5,
  border: 0,
  borderRadius: 4,
  background: 'rgba(0,0,0,0.45)',
  color: '#fff',
  cursor: 'pointer',
  lineHeight: 0,
};

/** Video controls: play/pause, a mute toggle and a progress bar, each hideable. */
export function VideoControls({
  playback,
  ...hidden
}: { playback: Playback } & ControlsVisibility) {
  const { playing, muted, progress } = playback;
  return (
    <div className="jiffy-video-controls">
      {hidden.hidePlayPause ? null : (
        <button
          type="button"
          className="jiffy-video-play"
          aria-label={playing ? 'Pause' : 'Play'}
          style={{ ...button, left: 10 }}
          onClick={playback.togglePlay}
        >
          <svg width={ICON} height={ICON} viewBox="0 0 24 24" fill="currentColor" aria-hidden>
            {playing ? <path d="M6 4h4v16H6zM14 4h4v16h-4z" /> : <path d="M7 4l13 8-13 8z" />}
          </svg>
        </button>
      )}
      {hidden.hideMute ? null : (
        <button
          type="button"
          className="jiffy-video-mute"
          aria-label={muted ? 'Unmute' : 'Mute'}
          aria-pressed={muted}
          style={{ ...button, right: 10 }}
          onClick={playback.toggleMute}
        >
          <svg width={ICON} height={ICON} viewBox="0 0 24 24" fill="currentColor" aria-hidden>
            <path d="M3 9h4l5-4v14l-5-4H3z" />
            {muted ? (
              <path d="M16 9l5 6m0-6l-5 6" stroke="currentColor" strokeWidth="2" />
            ) : (
              <path
                d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12"
                stroke="currentColor"
                strokeWidth="2"
                fill="none"
              />
            )}
          </svg>
        </button>
      )}
      {hidden.hideProgressBar ? null : (
        <div
          className="jiffy-video-progress"
          role="progressbar"
          aria-label="Progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress * 100)}
          style={{
            position: 'absolute',
            left: 0,
            right: 0,
            bottom: 0,
            height: 4,
            background: 'rgba(255,255,255,0.3)',
          }}
        >
          <div style={{ width: `${progress * 100}%`, height: '100%', background: '#fff' }} />
        </div>
      )}
    </div>
  );
}
