import { lazy, type ComponentType } from 'react';

/**
 * React's lazy() with a `preload()`: once preloaded, the component renders at once instead of
 * suspending for a turn (React takes a thenable that resolves synchronously as loaded). A page
 * whose first GIFs the server wrote is replaced by the site without a "Loading…" in between.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component's props
export function lazyPreloadable<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  let loaded: { default: T } | undefined;
  const Component = lazy(() =>
    loaded
      ? ({ then: (resolve: (module: { default: T }) => void) => resolve(loaded!) } as Promise<{
          default: T;
        }>)
      : load(),
  );
  const preload = async () => {
    loaded ??= await load();
  };
  return Object.assign(Component, { preload });
}
