/**
 * The package's import graph. Two rules keep the engine contract at the bottom of the package, as
 * kysely's core never imports a dialect:
 *
 * - no import circle anywhere in `src/`, type-only imports and dynamic imports included (a type-only
 *   circle still ties the files' meaning together, and the next value import turns it into a
 *   load-order bug);
 * - the engine registry (`engines/registry.ts`) is imported only by the entry points: the functions
 *   that receive an engine as serialized data (a name, a URL, a connection as JSON) and must look it
 *   up. Everything else is handed the `Engine` object (`pool.engine`, `session.engine`).
 *
 * The graph is read with TypeScript's own `preProcessFile`, so every kind of import counts.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC_DIR = fileURLToPath(new URL('../../src/', import.meta.url));

/** The registry, relative to `src/`. */
const REGISTRY = 'engines/registry.ts';

/**
 * The files that may import the registry, relative to `src/`, each with why it looks an engine up by
 * name. Tests (`*.test.ts`) may too: they pick engines to loop over.
 */
const REGISTRY_ENTRY_POINTS: Readonly<Record<string, string>> = {
  'index.ts': 'the barrel: the suites look engines up by name in their own entry points',
  'providers/start-server.ts':
    'startServer(engineName, …) is called with the name a suite module was built for',
  'pool/create-pool.ts': 'createPool(connection) runs in a fork, which gets the connection as JSON',
  'providers/url/stale-work-databases.ts': 'finds the engine by the scheme of a URL the user typed',
  'providers/local/watchdog.ts': 'a separate process, given its orders as JSON',
};

/** Every `.ts` file below `directory`, as paths relative to `src/` with `/` separators. */
function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((entry) => {
    const path = join(directory, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [relative(SRC_DIR, path).split('\\').join('/')] : [];
  });
}

/**
 * The source file a relative specifier names (`./x.js` → `x.ts`, `./dir/index.js` as written), or
 * undefined for a package import or a file outside the graph.
 */
function resolveSpecifier(from: string, specifier: string, files: ReadonlySet<string>): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const target = relative(SRC_DIR, resolve(SRC_DIR, dirname(from), specifier))
    .split('\\')
    .join('/')
    .replace(/\.js$/, '.ts');
  return files.has(target) ? target : undefined;
}

/** File → the files it imports, by every kind of import `preProcessFile` sees. */
function importGraph(): Map<string, string[]> {
  const files = sourceFiles(SRC_DIR).sort();
  const known = new Set(files);
  return new Map(
    files.map((file) => {
      const info = ts.preProcessFile(readFileSync(join(SRC_DIR, file), 'utf8'), true, true);
      const targets = info.importedFiles
        .map((imported) => resolveSpecifier(file, imported.fileName, known))
        .filter((target): target is string => target !== undefined);
      return [file, [...new Set(targets)].sort()];
    }),
  );
}

/** The graph's strongly connected components (Tarjan), each sorted; a lone file counts only with a self-import. */
function importCircles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  let next = 0;

  const visit = (file: string): void => {
    index.set(file, next);
    lowLink.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        lowLink.set(file, Math.min(lowLink.get(file) ?? 0, lowLink.get(target) ?? 0));
      } else if (onStack.has(target)) {
        lowLink.set(file, Math.min(lowLink.get(file) ?? 0, index.get(target) ?? 0));
      }
    }
    if (lowLink.get(file) !== index.get(file)) return;
    const component: string[] = [];
    for (;;) {
      const member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(member);
      if (member === file) break;
    }
    if (component.length > 1 || (graph.get(file) ?? []).includes(file)) circles.push(component.sort());
  };

  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return circles;
}

/** One shortest import path from `start` back to itself inside `members`, for the failure message. */
function oneCycle(graph: ReadonlyMap<string, readonly string[]>, members: readonly string[]): string[] {
  const inside = new Set(members);
  const start = members[0] ?? '';
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift() ?? '';
    for (const target of graph.get(file) ?? []) {
      if (!inside.has(target)) continue;
      if (target === start) {
        const path = [file];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0] ?? start) ?? start);
        return [...path, start];
      }
      if (!cameFrom.has(target)) {
        cameFrom.set(target, file);
        queue.push(target);
      }
    }
  }
  return [start];
}

describe('import graph of @dbbench/databases', () => {
  const graph = importGraph();

  it('reads the whole package', () => {
    expect(graph.has('engines/engine.ts')).toBe(true);
    expect(graph.get('index.ts')?.length).toBeGreaterThan(3);
    // A dynamic import counts: the watchdog loads its drivers lazily.
    expect(graph.get('providers/local/watchdog.ts')).toContain(REGISTRY);
  });

  it('has no import circle (type-only imports included)', () => {
    const circles = importCircles(graph).map(
      (members) =>
        `${members.length} files: ${oneCycle(graph, members).join(' → ')}\n    ${members.join('\n    ')}`,
    );
    expect(circles, `import circles:\n${circles.join('\n')}`).toEqual([]);
  });

  it('has the engine contract at the bottom: engines/engine.ts imports no file that imports it back', () => {
    const reachable = new Set<string>();
    const pending = [...(graph.get('engines/engine.ts') ?? [])];
    while (pending.length > 0) {
      const file = pending.pop() ?? '';
      if (reachable.has(file)) continue;
      reachable.add(file);
      pending.push(...(graph.get(file) ?? []));
    }
    expect([...reachable].filter((file) => file === 'engines/engine.ts' || file === REGISTRY)).toEqual([]);
  });

  it('lets only the entry points import the engine registry', () => {
    const importers = [...graph.entries()]
      .filter(([file, targets]) => targets.includes(REGISTRY) && !file.endsWith('.test.ts'))
      .map(([file]) => file);
    const unexpected = importers.filter((file) => !Object.hasOwn(REGISTRY_ENTRY_POINTS, file));
    expect(unexpected, 'these files look an engine up by name; hand them the Engine instead').toEqual([]);
    // A listed entry point that stopped using the registry is a stale list.
    expect(importers.sort()).toEqual(Object.keys(REGISTRY_ENTRY_POINTS).sort());
  });
});
