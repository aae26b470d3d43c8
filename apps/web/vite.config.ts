import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The site: built to dist/ and served by the Jiffy server (`npm start`); `npm run dev -w
// @jiffy/web` serves it with hot reload and passes everything else to a Jiffy on :3000.
const jiffy = process.env.JIFFY_URL ?? 'http://127.0.0.1:3000';
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, assetsDir: 'assets', manifest: true },
  server: {
    proxy: Object.fromEntries(
      ['/v1', '/v2', '/api', '/media', '/embed', '/oembed', '/widgets-assets'].map((path) => [
        path,
        jiffy,
      ]),
    ),
  },
});
