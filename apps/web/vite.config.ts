import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineConfig, runnerImport, type Plugin } from 'vite';
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
function precompress(only: (file: string) => boolean = () => true): Plugin {
  let outDir = '';
  return {
    name: 'huodong:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      // .vite/ holds the build manifest, read from disk by the budget test, never served.
      const files = (await fs.readdir(outDir, { recursive: true })).filter((f) => COMPRESSIBLE.test(f) && !f.startsWith('.vite') && only(f));
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

/** A module of a library replaced at build time by a smaller one (see antdStandIns). */
interface StandIn {
  /** The replaced module (its resolved path)… */
  module?: RegExp;
  /** …or an import of `source` made by a module matching `importer` (only that import). */
  importer?: RegExp;
  source?: string;
  code: string;
}

/** Code of a stand-in component that must never render: it says what is missing and where. */
const neverRendered = (what: string) =>
  `throw new Error(${JSON.stringify(`${what} is not part of this build (antdStandIns in apps/web/vite.config.ts)`)});`;

const ANTD = String.raw`[\\/]node_modules[\\/]antd[\\/]es[\\/]`;

/**
 * antd modules that every page would load although the app never shows them: imported statically
 * by a component that uses them only behind an option the app does not use. Each stand-in throws
 * if that option is ever used (the browser tests would fail with its message), except the tooltip
 * provider, which only warns (tooltips then work as usual, one popup each).
 */
const STAND_INS: StandIn[] = [
  {
    // ConfigProvider renders it only with `tooltip.unique`, which app/theme.ts does not set. It
    // brings the popup machinery of @rc-component/trigger (~7 KB brotli) to the login page.
    module: new RegExp(`${ANTD}tooltip[\\\\/]UniqueProvider[\\\\/]index\\.js$`),
    code: [
      'let warned = false;',
      'export default function UniqueProvider(props) {',
      '  if (!warned) { warned = true; console.warn("tooltip.unique is not part of this build (antdStandIns in apps/web/vite.config.ts)"); }',
      '  return props.children;',
      '}',
    ].join('\n'),
  },
  {
    // Table renders it in the title of columns with `filters`/`filterDropdown`; no column has one.
    // It brings Tree, Menu and Dropdown to every table (~12 KB brotli).
    module: new RegExp(`${ANTD}table[\\\\/]hooks[\\\\/]useFilter[\\\\/]FilterDropdown\\.js$`),
    code: [
      'export function flattenKeys(filters) {',
      '  let keys = [];',
      '  (filters || []).forEach(({ value, children }) => { keys.push(value); if (children) keys = keys.concat(flattenKeys(children)); });',
      '  return keys;',
      '}',
      `export default function FilterDropdown() { ${neverRendered('Table column filters (filters, filterDropdown)')} }`,
    ].join('\n'),
  },
  {
    // Card renders Tabs only with `tabList` (~9 KB brotli); Tabs themselves stay available.
    importer: new RegExp(`${ANTD}card[\\\\/]Card\\.js$`),
    source: '../tabs',
    code: `export default function CardTabs() { ${neverRendered('Card tabList')} }`,
  },
  {
    // Card and Statistic show a Skeleton only while `loading`, which the app does not use.
    importer: new RegExp(`${ANTD}(?:card[\\\\/]Card|statistic[\\\\/]Statistic)\\.js$`),
    source: '../skeleton',
    code: [
      'export default function Skeleton(props) {',
      `  if (props.loading || !('loading' in props)) { ${neverRendered('Card and Statistic `loading`')} }`,
      '  return props.children ?? null;',
      '}',
    ].join('\n'),
  },
  {
    // Table renders a Dropdown in the selection column's title only with `rowSelection.selections`
    // (select all / invert menus), which no table sets (~4 KB brotli).
    importer: new RegExp(`${ANTD}table[\\\\/]hooks[\\\\/]useSelection\\.js$`),
    source: '../../dropdown',
    code: `export default function SelectionsDropdown() { ${neverRendered('Table rowSelection.selections')} }`,
  },
  {
    // …and Radio only with `rowSelection.type: 'radio'`; every selection is by checkboxes. Radio
    // also brings antd Form's useForm module with rc-form's form store (~7 KB brotli together).
    importer: new RegExp(`${ANTD}table[\\\\/]hooks[\\\\/]useSelection\\.js$`),
    source: '../../radio',
    code: `export default function SelectionRadio() { ${neverRendered("Table rowSelection.type 'radio'")} }`,
  },
];

const STAND_IN_PREFIX = '\0huodong-stand-in:';

/**
 * Replaces the modules of STAND_INS: in the build, and in the dev server's pre-bundled
 * dependencies (optimizeDeps), so both run the same code. A stand-in whose module antd moves or
 * renames simply no longer applies (the bundle grows back, e2e/budgets.test.ts tells).
 */
function antdStandIns(): Plugin {
  return {
    name: 'huodong:antd-stand-ins',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer) return null;
      const i = STAND_INS.findIndex((s) => s.importer?.test(importer) && s.source === source);
      return i < 0 ? null : `${STAND_IN_PREFIX}${i}`;
    },
    load(id) {
      if (id.startsWith(STAND_IN_PREFIX)) return STAND_INS[Number(id.slice(STAND_IN_PREFIX.length))].code;
      return STAND_INS.find((s) => s.module?.test(id))?.code ?? null;
    },
  };
}

/**
 * A value that JSON keeps as it is: null, booleans, finite numbers, strings, arrays and plain
 * objects of them. Anything else (a function, a zod schema, a RegExp, undefined in an array…) is
 * reported by its path, so data that grows one fails the build instead of changing.
 */
function assertPlainJson(value: unknown, at: string): void {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return;
  if (typeof value === 'number' && Number.isFinite(value)) return;
  if (Array.isArray(value)) return value.forEach((v, i) => assertPlainJson(v, `${at}[${i}]`));
  if (typeof value === 'object' && [Object.prototype, null].includes(Object.getPrototypeOf(value))) {
    for (const [k, v] of Object.entries(value)) if (v !== undefined) assertPlainJson(v, `${at}.${k}`);
    return;
  }
  throw new Error(`${at} is not plain JSON (${typeof value}): a *.data.ts module exports data only (buildTimeData)`);
}

/** Modules of data computed at build time: `*.data.ts` under src/. */
const DATA_MODULE = /[\\/]src[\\/].+\.data\.ts$/;

/**
 * A `*.data.ts` module holds data computed from the domain's code, e.g. the declarations as
 * the list pages read them (src/resources/declarations.data.ts: no zod schemas). The build runs
 * it (Vite's module runner, on the domain's TypeScript) and writes its exports' values as JSON
 * in its place, so a page loads a few KB of data instead of the code that makes it (the
 * declarations' modules, which build zod schemas at load). Every export must be plain JSON. The
 * dev server and the unit tests run the module itself, so all three see the same values.
 */
function buildTimeData(): Plugin {
  let root = '';
  return {
    name: 'huodong:build-time-data',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    async load(id) {
      if (!DATA_MODULE.test(id)) return null;
      const { module, dependencies } = await runnerImport<Record<string, unknown>>(id, { configFile: false, root, logLevel: 'error' });
      for (const dep of dependencies) if (path.isAbsolute(dep)) this.addWatchFile(dep);
      const name = path.relative(root, id);
      return Object.entries(module)
        .map(([key, value]) => {
          if (key === 'default') throw new Error(`${name}: a *.data.ts module has named exports only`);
          assertPlainJson(value, `${name}: ${key}`);
          return `export const ${key} = JSON.parse(${JSON.stringify(JSON.stringify(value))});\n`;
        })
        .join('');
    },
  };
}

/**
 * The first load in two chunks (the budgets of e2e/budgets.test.ts): React and React DOM, then
 * the rest of the shell. Left to itself, rolldown cut the shell into 15-20 files by which pages
 * share each module, and one file compresses better than many plus their import/export glue
 * (~8 KB brotli on the login page). Routes keep rolldown's own split: grouping what signed-in
 * pages share into one file saved a few KB on list pages but made the light pages load it all.
 */
const CHUNK_GROUPS = [
  { name: 'react', test: /[\\/]node_modules[\\/](?:react|react-dom|scheduler)[\\/]/, tags: ['$initial' as const], priority: 2 },
  { name: 'shell', tags: ['$initial' as const], priority: 1 },
  // The domain's plain data and formatting (no zod): a chunk of their own, so that a page using
  // one of them never loads the chunk of a declaration (its schemas) they would otherwise join.
  { name: 'domain', test: /[\\/]packages[\\/]domain[\\/]src[\\/](?:cells|resource|rules[\\/](?:activityState|pause|constants|messages|workStatus|checkStatus))\.ts$/, priority: 0 },
];

/**
 * The reader's phone app (issue 27, `h5.html` → src/h5/main.tsx, served for `/{org}/h5/…`): a build
 * of its own (`vite build --mode h5`, after the back office's), into the same dist/ under
 * assets/h5/ with its own manifest, so that neither app's first load shares a chunk with the
 * other's (the back office's `shell` group takes every initial module of a build).
 */
const H5_ASSETS = 'assets/h5';
const h5Build = defineConfig({
  plugins: [react(), precompress((f) => f === 'h5.html' || f.startsWith(H5_ASSETS)), antdStandIns(), buildTimeData()],
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    assetsDir: H5_ASSETS,
    manifest: '.vite/h5-manifest.json',
    modulePreload: false,
    rolldownOptions: {
      input: 'h5.html',
      output: { codeSplitting: { groups: [{ name: 'react', test: /[\\/]node_modules[\\/](?:react|react-dom|scheduler)[\\/]/, tags: ['$initial' as const], priority: 2 }] } },
    },
  },
});

/** The dev server's answer for `/{org}/h5/…`: the reader app's page, as the server does (http/static.ts). */
function readerAppPage(): Plugin {
  return {
    name: 'huodong:reader-app-page',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url && /^\/[^/]+\/h5(?:[/?]|$)/.test(req.url) && !req.url.startsWith('/src/')) req.url = '/h5.html';
        next();
      });
    },
  };
}

export default defineConfig(({ mode }) => mode === 'h5' ? h5Build : {
  plugins: [react(), precompress(), antdStandIns(), buildTimeData(), readerAppPage()],
  optimizeDeps: { rolldownOptions: { plugins: [antdStandIns()] } },
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
    modulePreload: false,
    rolldownOptions: {
      output: { codeSplitting: { groups: CHUNK_GROUPS } },
      treeshake: {
        // @rc-component/* (antd's building blocks) declare no `sideEffects`, so an index that sets
        // static members at load (e.g. @rc-component/form's `RefForm.Field = Field`) kept all of
        // the package for anyone importing one name: antd's form context (used by Input, Select,
        // Tooltip…) brought all of rc-form and async-validator (~12 KB brotli) to the login page.
        // Their modules only define components and helpers.
        moduleSideEffects: [{ test: /[\\/]node_modules[\\/]@rc-component[\\/]/, sideEffects: false }],
      },
    },
  },
});
