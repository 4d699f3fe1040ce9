/**
 * The server's and the domain's module graphs have no cycle (issue 10): a registry never imports
 * what imports it back.
 * Every relative import of apps/server/src is followed, type-only imports included (they still tie
 * two modules' meanings together).
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../src');
const DOMAIN = path.resolve(import.meta.dirname, '../../../packages/domain/src');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? sourceFiles(full) : /\.tsx?$/.test(e.name) ? [full] : [];
  });
}

/** Relative imports of a file, resolved to files of the tree. */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]/g)].map((m) => m[1]);
  return specs.map((s) => path.resolve(path.dirname(file), s).replace(/\.js$/, '.ts')).filter((f) => fs.existsSync(f));
}

/** The first cycle found by a depth-first walk, as the list of files around it. */
function findCycle(graph: Map<string, string[]>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): string[] | null => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') return [...stack.slice(stack.indexOf(next)), next];
      if (!state.has(next)) {
        const found = visit(next);
        if (found) return found;
      }
    }
    stack.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of graph.keys()) if (!state.has(node)) {
    const found = visit(node);
    if (found) return found;
  }
  return null;
}

it('finds a cycle when there is one (the walk itself works)', () => {
  expect(findCycle(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']]]))).toEqual(['a', 'b', 'c', 'a']);
  expect(findCycle(new Map([['a', ['b']], ['b', ['c']], ['c', []]]))).toBeNull();
});

it('apps/server/src has no import cycle', () => {
  const graph = new Map(sourceFiles(SRC).map((f) => [f, importsOf(f)]));
  expect(graph.size).toBeGreaterThan(30);
  const cycle = findCycle(graph);
  expect(cycle?.map((f) => path.relative(SRC, f)).join(" → ") ?? null).toBeNull();
});

it('packages/domain/src has no import cycle (a cycle there breaks module loading order)', () => {
  const graph = new Map(sourceFiles(DOMAIN).map((f) => [f, importsOf(f)]));
  expect(graph.size).toBeGreaterThan(20);
  const cycle = findCycle(graph);
  expect(cycle?.map((f) => path.relative(DOMAIN, f)).join(' → ') ?? null).toBeNull();
});

/** The kind a file of apps/server/src belongs to (`kinds/<kind>/…`), or null. */
const kindOf = (file: string): string | null => /^kinds\/([^/]+)\//.exec(path.relative(SRC, file).split(path.sep).join('/'))?.[1] ?? null;

/** Imports from one kind's folder into another's, as `from → to` (paths under src). */
function kindCrossings(graph: Map<string, string[]>): string[] {
  const out: string[] = [];
  for (const [file, targets] of graph) {
    const from = kindOf(file);
    for (const target of targets) {
      const to = kindOf(target);
      if (from && to && from !== to) out.push(`${path.relative(SRC, file)} → ${path.relative(SRC, target)}`);
    }
  }
  return out.sort();
}

it('no kind imports another kind (apps/server/src/kinds/<kind>/): what kinds share lives outside kinds/', () => {
  const graph = new Map(sourceFiles(SRC).map((f) => [f, importsOf(f)]));
  const kinds = new Set([...graph.keys()].map(kindOf).filter(Boolean));
  expect([...kinds].sort()).toEqual(expect.arrayContaining(['contests', 'survey', 'voting', 'works']));
  expect(kindCrossings(graph)).toEqual([]);
});

it('finds a crossing between two kinds (the check itself works)', () => {
  const at = (rel: string) => path.join(SRC, rel);
  const graph = new Map([
    [at('kinds/a/x.ts'), [at('kinds/b/y.ts'), at('kinds/a/z.ts'), at('participation/kit.ts')]],
    [at('kinds/b/y.ts'), [at('db/schema.ts')]],
  ]);
  expect(kindCrossings(graph)).toEqual(['kinds/a/x.ts → kinds/b/y.ts']);
});

it("the server's code takes the sql tag from db/sql.ts, not drizzle's (its cheaper making of statements)", () => {
  const direct = sourceFiles(SRC).filter((file) => {
    if (path.relative(SRC, file) === path.join('db', 'sql.ts')) return false;
    const imports = [...fs.readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'drizzle-orm'/g)];
    return imports.some((m) => m[1]!.split(',').some((name) => name.trim() === 'sql'));
  });
  expect(direct.map((f) => path.relative(SRC, f))).toEqual([]);
});
