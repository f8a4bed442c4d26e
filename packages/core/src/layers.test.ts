import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The folder-level import graph of core's source (tests and fixtures left
// out) has no cycle, counting type-only imports too: the wings form a ladder
// (lint rule `acm/wing-direction`) and so do the folders inside each wing.
// docs/guides/architecture.md

const srcRoot = dirname(fileURLToPath(import.meta.url));

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory())
      return entry.name === '__fixtures__' ? [] : sourceFiles(path);
    return /\.ts$/.test(entry.name) && !/\.test(-d)?\.ts$/.test(entry.name)
      ? [path]
      : [];
  });
}

/** The folder of a file, relative to src, cut to `depth` segments. */
function folderOf(file: string, depth: number): string {
  const segments = relative(srcRoot, file).split(sep).slice(0, -1);
  return segments.slice(0, depth).join('/') || '(entries)';
}

function folderEdges(depth: number): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  const specifier = /(?:import|export)\s[^'"]*?from\s*'(\.[^']+)'/g;
  for (const file of sourceFiles(srcRoot)) {
    for (const match of readFileSync(file, 'utf8').matchAll(specifier)) {
      const target = resolve(dirname(file), match[1]!);
      const isFolder =
        !/\.ts$/.test(target) && !sourceFileSet.has(`${target}.ts`);
      const from = folderOf(file, depth);
      const to = folderOf(isFolder ? join(target, 'index.ts') : target, depth);
      if (from === to) continue;
      const targets = edges.get(from) ?? new Set<string>();
      targets.add(to);
      edges.set(from, targets);
    }
  }
  return edges;
}

const sourceFileSet = new Set(sourceFiles(srcRoot));

/** Every folder that lies on a cycle (Tarjan's strongly connected components). */
function foldersOnCycles(edges: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (folder: string): void => {
    index.set(folder, next);
    low.set(folder, next);
    next++;
    stack.push(folder);
    onStack.add(folder);
    for (const target of edges.get(folder) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(folder, Math.min(low.get(folder)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(folder, Math.min(low.get(folder)!, index.get(target)!));
      }
    }
    if (low.get(folder) === index.get(folder)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== folder);
      if (component.length > 1) cycles.push(component.sort());
    }
  };
  for (const folder of edges.keys()) if (!index.has(folder)) visit(folder);
  return cycles;
}

describe('the folders of @acm/core', () => {
  it('should have no import cycle between wings', () => {
    expect(foldersOnCycles(folderEdges(1))).toEqual([]);
  });

  it('should have no import cycle between the folders inside the wings', () => {
    expect(foldersOnCycles(folderEdges(2))).toEqual([]);
  });

  it('should keep at most 12 top-level folders', () => {
    const folders = readdirSync(srcRoot, { withFileTypes: true }).filter(
      (entry) => entry.isDirectory(),
    );
    expect(folders.length).toBeLessThanOrEqual(12);
  });
});
