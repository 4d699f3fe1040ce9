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
