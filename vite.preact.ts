import type { Alias } from 'vite';

/**
 * Runs React components on preact/compat in browser bundles meant for other people's pages
 * (the embed player, the widget kit): the same components, a fraction of React's bytes.
 */
export const preactCompatAliases: Alias[] = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];
