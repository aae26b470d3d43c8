import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { preactCompatAliases } from '../../vite.preact.ts';

// One standalone browser bundle (window.JiffyWidgets) for pages without a build step. The
// components are written once in React; this bundle runs them on preact/compat to stay small.
export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: preactCompatAliases,
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
