import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// One standalone browser bundle (window.JiffyWidgets) for pages without a build step. The
// components are written once in React; this bundle runs them on preact/compat to stay small.
export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react$/, replacement: 'preact/compat' },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    lib: {
      entry: 'src/standalone.ts',
      name: 'JiffyWidgets',
      formats: ['iife'],
      fileName: () => 'jiffy-widgets.js',
    },
  },
});
