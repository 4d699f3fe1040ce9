import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// `@huodong/domain` is a workspace package exporting TypeScript source; Vite follows the
// node_modules symlink to packages/domain/src and compiles it like our own code.
// The API server the dev and preview servers proxy to (override with HUODONG_API).
const API = process.env.HUODONG_API ?? 'http://localhost:8080';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text files worth compressing; images and fonts of the build are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|wasm)$/;
/** Below this, a compressed copy saves less than its headers cost (the server's API threshold too). */
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) next to every compressible file of the
 * build, once, so the server sends them as they are (@fastify/static `preCompressed`, see
 * apps/server/src/http/static.ts) instead of compressing on each request or not at all. A copy
 * that would not be smaller is not written; the server then sends the file itself.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'huodong:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      // .vite/ holds the build manifest, read from disk by the budget test, never served.
      const files = (await fs.readdir(outDir, { recursive: true })).filter((f) => COMPRESSIBLE.test(f) && !f.startsWith('.vite'));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(outDir, name);
          const data = await fs.readFile(file);
          if (data.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(data, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            }),
            gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < data.length) await fs.writeFile(`${file}.br`, br);
          if (gz.length < data.length) await fs.writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
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
    // dist/.vite/manifest.json: which files each page loads (the size budgets of e2e/budgets.test.ts).
    manifest: true,
  },
});
