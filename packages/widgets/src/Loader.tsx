import type { Ref } from 'react';
import { LOADER_COLORS } from './colors.ts';

/** Five coloured dots while more pages remain; paging starts when it comes into view. */
export function Loader({
  loaderRef,
  inline,
}: {
  loaderRef: Ref<HTMLDivElement>;
  inline?: boolean;
}) {
  return (
    <div
      ref={loaderRef}
      className="jiffy-loader"
      role="status"
      aria-label="Loading GIFs"
      style={{
        display: inline ? 'inline-flex' : 'flex',
        justifyContent: 'center',
        alignItems: 'center',
        gap: 6,
        padding: 12,
        flex: 'none',
      }}
    >
      {LOADER_COLORS.map((color) => (
        <span key={color} style={{ width: 10, height: 10, borderRadius: 5, background: color }} />
      ))}
    </div>
  );
}
