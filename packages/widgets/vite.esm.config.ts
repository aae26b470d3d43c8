import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The published ESM build for React apps: the components and render functions. React and
// ReactDOM are left to the app (peer dependencies). Types come from build-types.ts.
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist/esm',
    emptyOutDir: true,
    sourcemap: true,
    lib: {
      entry: { index: 'src/index.ts', masonry: 'src/masonry.ts' },
      formats: ['es'],
    },
    rollupOptions: {
      external: [/^react($|\/)/, /^react-dom($|\/)/],
      output: { preserveModules: true, preserveModulesRoot: 'src', entryFileNames: '[name].js' },
    },
  },
});
