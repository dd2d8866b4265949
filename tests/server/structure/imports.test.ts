/**
 * The server's import graph (issue 11 "Structure"): no file may reach itself through its imports
 * (ten files once did: auth → retention → billing → subscription → roles → auth), and auth never
 * imports retention (retention reads auth's records; auth reaches retention only through the
 * onAccountClosed hook that server/app.ts wires). Type-only imports count: they tie files as well.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../../..');
const SERVER = join(ROOT, 'server');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** `from '…'`, `import '…'` and `import('…')` specifiers that start with a dot. */
function relativeImports(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/(?:\bfrom\s+|\bimport\s*\(?\s*)['"](\.[^'"]+)['"]/g)) found.push(m[1]!);
  return found;
}

function resolveImport(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec.replace(/\.js$/, ''));
  for (const candidate of [base, `${base}.ts`, join(base, 'index.ts')]) {
    try {
      if (statSync(candidate).isFile() && candidate.endsWith('.ts')) return candidate;
    } catch {
      // try the next form
    }
  }
  return null;
}

const files = sourceFiles(SERVER);
const graph = new Map<string, string[]>(
  files.map((file) => [
    file,
    relativeImports(readFileSync(file, 'utf8'))
      .map((spec) => resolveImport(file, spec))
      .filter((target): target is string => target !== null && target.startsWith(SERVER)),
  ]),
);
const rel = (path: string) => relative(ROOT, path);

/** Strongly connected components with more than one file (or a file importing itself): Tarjan. */
function circles(): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter);
    counter++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(rel(w));
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) out.push(component.sort());
    }
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return out;
}

describe('server import graph', () => {
  it('reads the imports it checks (sanity: app.ts imports the auth module)', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(graph.get(join(SERVER, 'app.ts'))).toContain(join(SERVER, 'auth', 'index.ts'));
  });

  it('has no circle of imports', () => {
    expect(circles()).toEqual([]);
  });

  it('auth imports nothing from retention', () => {
    const offending = [...graph]
      .filter(([file]) => file.startsWith(join(SERVER, 'auth') + '/'))
      .flatMap(([file, targets]) => targets.filter((t) => t.startsWith(join(SERVER, 'retention') + '/')).map((t) => `${rel(file)} → ${rel(t)}`));
    expect(offending).toEqual([]);
  });

  it('the store imports no feature: every other module builds on it', () => {
    const offending = [...graph]
      .filter(([file]) => file.startsWith(join(SERVER, 'store') + '/'))
      .flatMap(([file, targets]) => targets.filter((t) => !t.startsWith(join(SERVER, 'store') + '/')).map((t) => `${rel(file)} → ${rel(t)}`));
    expect(offending).toEqual([]);
  });
});
