import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { preactCompatAliases } from '../../vite.preact.ts';

// Two builds: the browser half (`vite build`: one script and one stylesheet with fixed names,
// served under /embed-assets/) and the server half (`vite build --ssr src/render.tsx`). The
// browser half runs the same components on preact/compat: a few KB instead of React's ~70 KB
// gzipped, inside every page that embeds a GIF.
export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? {
        plugins: [react()],
        build: { rollupOptions: { output: { entryFileNames: 'render.js' } } },
      }
    : {
        plugins: [react()],
        resolve: {
          alias: preactCompatAliases,
        },
        build: {
          outDir: 'dist/client',
          emptyOutDir: true,
          cssCodeSplit: false,
          rollupOptions: {
            input: 'src/client.tsx',
            output: { entryFileNames: 'embed.js', assetFileNames: 'embed[extname]' },
          },
        },
      },
);
