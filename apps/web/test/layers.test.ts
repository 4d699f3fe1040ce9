import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The web's layers (STYLE.md §3, bulletproof-react's `import/no-restricted-paths` and
 * `import/no-cycle`, without ESLint): `shared/` ← `resources/` ← `features/<area>` ← `app/`.
 * Features never import each other; shared and the resource machinery never import a feature or
 * the app; no module imports itself back through others. Read from the sources' relative imports
 * (static, re-exports, dynamic `import()` and `new URL(…, import.meta.url)` workers).
 */
const SRC = path.resolve(import.meta.dirname, '../src');

/**
 * Relative specifiers a module imports. `import type` and `export type` are left out (no run-time
 * edge) unless `types` is set: a type-only cycle still ties two modules into one to read and move.
 */
export function importsOf(source: string, types = false): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found: string[] = [];
  const patterns = [
    types
      ? /\b(?:import|export)\s+(?:[\w*{}\s,$]+?\s+from\s+)?['"](\.[^'"]+)['"]/g
      : /\b(?:import|export)\s+(?!type\b)(?:[\w*{}\s,$]+?\s+from\s+)?['"](\.[^'"]+)['"]/g,
    /\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g,
    /new\s+URL\(\s*['"](\.[^'"]+)['"]\s*,\s*import\.meta\.url\s*\)/g,
  ];
  for (const re of patterns) for (const m of code.matchAll(re)) found.push(m[1]);
  return found;
}

const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** A specifier of `from` as a file under src (relative path), or undefined (a non-source file). */
function resolve(from: string, spec: string, exists: (rel: string) => boolean): string | undefined {
  // The server and the domain write ESM specifiers ending in `.js` for their `.ts` files.
  const base = path.posix.join(path.posix.dirname(from), spec).replace(/\.js$/, '');
  return EXTENSIONS.map((e) => base + e).find(exists);
}

export type Graph = Map<string, string[]>;

/** The import graph of the source files: file → files it imports (paths relative to src). */
export function buildGraph(files: Record<string, string>, types = false): Graph {
  const exists = (rel: string) => Object.hasOwn(files, rel);
  const graph: Graph = new Map();
  for (const [file, source] of Object.entries(files)) {
    graph.set(file, [...new Set(importsOf(source, types).map((s) => resolve(file, s, exists)).filter((f): f is string => !!f))]);
  }
  return graph;
}

const layerOf = (file: string): { layer: string; area?: string } => {
  const [top, area] = file.split('/');
  return top === 'features' ? { layer: 'features', area } : { layer: top.includes('.') ? 'root' : top };
};

/** Imports that cross the layers the wrong way. */
export function layerViolations(graph: Graph): string[] {
  const out: string[] = [];
  for (const [file, targets] of graph) {
    const from = layerOf(file);
    for (const target of targets) {
      const to = layerOf(target);
      const bad =
        (from.layer === 'features' && to.layer === 'features' && from.area !== to.area) ||
        ((from.layer === 'shared' || from.layer === 'resources') && (to.layer === 'features' || to.layer === 'app')) ||
        (from.layer === 'shared' && to.layer === 'resources') ||
        (from.layer === 'features' && to.layer === 'app');
      if (bad) out.push(`${file} → ${target}`);
    }
  }
  return out;
}

/** Every import cycle (as `a → b → a`), each reported once. */
export function cycles(graph: Graph): string[] {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const found = new Set<string>();
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') {
        const loop = stack.slice(stack.indexOf(next));
        // The same cycle from another start reads the same once rotated to its smallest file.
        const start = loop.indexOf([...loop].sort()[0]);
        const rotated = [...loop.slice(start), ...loop.slice(0, start)];
        found.add([...rotated, rotated[0]].join(' → '));
      } else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of [...graph.keys()].sort()) if (!state.has(file)) visit(file);
  return [...found];
}

function readSources(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const rel of fs.readdirSync(SRC, { recursive: true, encoding: 'utf8' })) {
    if (/\.(ts|tsx)$/.test(rel)) files[rel.split(path.sep).join('/')] = fs.readFileSync(path.join(SRC, rel), 'utf8');
  }
  return files;
}

describe('web layers (apps/web/src)', () => {
  const graph = buildGraph(readSources());

  it('reads the imports of every module', () => {
    expect(graph.size).toBeGreaterThan(50);
    expect(graph.get('app/router.tsx')).toContain('app/pages.tsx');
    // dynamic imports and the worker count as edges too
    expect(graph.get('app/pages.tsx')).toContain('resources/DeclaredPage.tsx');
    expect(graph.get('shared/spreadsheet/workerProtocol.ts')).toContain('shared/spreadsheet/parse.worker.ts');
  });

  it('features never import each other; shared and resources never import features or app', () => {
    expect(layerViolations(graph)).toEqual([]);
  });

  it('no import cycles', () => {
    expect(cycles(graph)).toEqual([]);
  });
});

// A type imported back from a page ties the dialog and the page into one module to read: the
// shared type lives where both import it from (the feature's api module, a shared file). The server
// and the domain are walked the same way by apps/server/test/layers.test.ts.
it('no import cycle in apps/web/src, type-only imports included', () => {
  expect(cycles(buildGraph(readSources(), true))).toEqual([]);
});

/**
 * The reader app (src/h5, antd-mobile) loads no antd (issue 27): no module it reaches at run time,
 * statically or by `import()`, imports `antd` or `@ant-design/*` (the back office's library, ~300 KB
 * of form pieces once pulled in through a shared sign-in).
 */
export function antdReached(files: Record<string, string>, graph: Graph, from: (file: string) => boolean): string[] {
  const usesAntd = (source: string) => /\b(?:from|import)\s*\(?\s*['"](?:antd|@ant-design\/[^'"]+)(?:\/[^'"]*)?['"]/.test(source.replace(/^\s*(?:import|export)\s+type\b.*$/gm, ''));
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const next of graph.get(file) ?? []) visit(next);
  };
  Object.keys(files).filter(from).forEach(visit);
  return [...seen].filter((f) => usesAntd(files[f])).sort();
}

it('the reader app (src/h5) reaches no module importing antd', () => {
  const files = readSources();
  const fromH5 = (f: string) => f.startsWith('h5/');
  expect(Object.keys(files).filter(fromH5).length).toBeGreaterThan(20);
  expect(antdReached(files, buildGraph(files), fromH5)).toEqual([]);
  // the check finds what it looks for: the staff's ticket scan page (back office) is antd's
  expect(antdReached(files, buildGraph(files), (f) => f === 'features/trainSign/StaffCheckinPage.tsx')).toContain('features/trainSign/StaffCheckinPage.tsx');
});

describe('the layer checker itself', () => {
  const graphOf = (files: Record<string, string>) => buildGraph(files);

  it('finds a feature importing another feature, and shared importing a feature', () => {
    const g = graphOf({
      'features/a/A.tsx': "import { B } from '../b/B';\nimport type { T } from '../c/C';",
      'features/b/B.tsx': "import { x } from '../../shared/x';",
      'features/c/C.tsx': 'export type T = 1;',
      'shared/x.ts': "export { y } from '../features/b/B';",
      'resources/R.tsx': "const P = () => import('../app/pages');",
      'app/pages.tsx': "import { B } from '../features/b/B';",
    });
    expect(layerViolations(g).sort()).toEqual(['features/a/A.tsx → features/b/B.tsx', 'resources/R.tsx → app/pages.tsx', 'shared/x.ts → features/b/B.tsx']);
  });

  it('finds cycles once, whatever module the search starts from', () => {
    const g = graphOf({
      'a.ts': "import './b';",
      'b.ts': "import { c } from './c';",
      'c.ts': "export * from './a';",
      'd.ts': "import './d2';",
      'd2.ts': "// import './d';\nexport const d2 = 1;",
    });
    expect(cycles(g)).toEqual(['a.ts → b.ts → c.ts → a.ts']);
  });

  it('counts type-only imports when asked, and resolves the `.js` specifiers of ESM TypeScript', () => {
    const files = {
      'page.tsx': "import { lazy } from 'react';\nconst Dialog = lazy(() => import('./Dialog'));\nexport type Row = { id: number };",
      'Dialog.tsx': "import type { Row } from './page';",
      'server/a.ts': "import { b } from './b.js';",
      'server/b.ts': "import type { A } from './a.js';",
    };
    expect(cycles(graphOf(files))).toEqual([]);
    expect(cycles(buildGraph(files, true))).toEqual(['Dialog.tsx → page.tsx → Dialog.tsx', 'server/a.ts → server/b.ts → server/a.ts']);
  });
});
