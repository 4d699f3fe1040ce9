import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// `@huodong/domain` is a workspace package exporting TypeScript source; Vite follows the
// node_modules symlink to packages/domain/src and compiles it like our own code.
// The API server the dev and preview servers proxy to (override with HUODONG_API).
const API = process.env.HUODONG_API ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/v1': { target: API, changeOrigin: true },
      '/healthz': { target: API, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/v1': { target: API, changeOrigin: true },
      '/healthz': { target: API, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
  },
});
