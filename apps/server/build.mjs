// `npm run build -w @huodong/server`: the server as one JavaScript file, dist/main.js, run by `npm start`.
// The workspace packages (@huodong/domain exports TypeScript source) are bundled in; every other
// package stays an import from node_modules, as installed (native and wasm parts, data files).
// dist/ sits next to src/ so that src/paths.ts finds the migrations and the web build from either.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.dirname(fileURLToPath(import.meta.url));

await build({
  absWorkingDir: root,
  entryPoints: { main: 'src/main.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'node-modules-external',
      setup(b) {
        // Bare specifiers (packages, node: builtins) stay imports, except our own workspaces.
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@huodong/') ? undefined : { path: args.path, external: true }));
      },
    },
  ],
});
