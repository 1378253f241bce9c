/**
 * The import graph of a source tree and its loops, read with the TypeScript compiler so paths
 * resolve exactly as `tsc` resolves them (`.ts` written or not, `index.ts` folders). Every edge
 * counts: static imports, `import type`, `export … from` and `import()` with a literal path, since
 * a loop through any of them still ties the files' load order or their design together.
 *
 * `npx tsx scripts/import-graph.ts [DIR]` prints the loops under DIR (default `src`) and exits 1
 * when there is one; `scripts/import-graph.test.ts` runs the same check in `npm test`.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SOURCE_FILE = /\.(ts|tsx|mts|cts)$/;
const DECLARATION_FILE = /\.d\.(ts|mts|cts)$/;

/** Each source file under the root (absolute path) to the source files under the root it imports. */
export type ImportGraph = ReadonlyMap<string, readonly string[]>;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return SOURCE_FILE.test(entry.name) && !DECLARATION_FILE.test(entry.name) ? [full] : [];
  });
}

function compilerOptions(tsconfigPath: string): ts.CompilerOptions {
  const read = ts.readConfigFile(tsconfigPath, (file) => ts.sys.readFile(file));
  if (read.error) throw new Error(ts.flattenDiagnosticMessageText(read.error.messageText, '\n'));
  return ts.parseJsonConfigFileContent(read.config, ts.sys, path.dirname(tsconfigPath)).options;
}

/** Reads every source file under `root` and resolves its imports with the project's tsconfig. */
export function buildImportGraph(root: string, tsconfigPath: string): ImportGraph {
  const options = compilerOptions(tsconfigPath);
  const files = sourceFiles(root);
  const inTree = new Set(files);
  const graph = new Map<string, string[]>();
  const cache = ts.createModuleResolutionCache(root, (name) => name, options);
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = new Set<string>();
    for (const { fileName: specifier } of importedFiles) {
      const { resolvedModule } = ts.resolveModuleName(specifier, file, options, ts.sys, cache);
      const target = resolvedModule && path.resolve(resolvedModule.resolvedFileName);
      if (target && inTree.has(target)) targets.add(target);
    }
    graph.set(file, [...targets].sort());
  }
  return graph;
}

/**
 * The strongly connected parts of the graph that hold a loop (Tarjan's algorithm, iterative so a
 * deep tree cannot overflow the stack), each as its files sorted, the parts sorted by first file.
 */
export function importLoops(graph: ImportGraph): string[][] {
  const nodes = [...graph.keys()].sort();
  const id = new Map(nodes.map((node, i) => [node, i]));
  const edges = nodes.map((node) =>
    (graph.get(node) ?? []).flatMap((target) => {
      const to = id.get(target);
      return to === undefined ? [] : [to];
    }),
  );
  const index: number[] = nodes.map(() => -1);
  const lowLink: number[] = nodes.map(() => -1);
  const onStack: boolean[] = nodes.map(() => false);
  const stack: number[] = [];
  const loops: string[][] = [];
  let counter = 0;

  const enter = (node: number, work: { node: number; next: number }[]) => {
    index[node] = lowLink[node] = counter++;
    stack.push(node);
    onStack[node] = true;
    work.push({ node, next: 0 });
  };
  const lower = (node: number, to: number) => {
    lowLink[node] = Math.min(lowLink[node] ?? to, to);
  };

  for (let root = 0; root < nodes.length; root++) {
    if (index[root] !== -1) continue;
    const work: { node: number; next: number }[] = [];
    enter(root, work);
    for (let frame = work.at(-1); frame; frame = work.at(-1)) {
      const target = edges[frame.node]?.[frame.next++];
      if (target !== undefined) {
        if (index[target] === -1) enter(target, work);
        else if (onStack[target]) lower(frame.node, index[target] ?? 0);
        continue;
      }
      work.pop();
      const parent = work.at(-1);
      if (parent) lower(parent.node, lowLink[frame.node] ?? 0);
      if (lowLink[frame.node] !== index[frame.node]) continue;
      const part: string[] = [];
      for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
        onStack[member] = false;
        part.push(nodes[member] ?? '');
        if (member === frame.node) break;
      }
      const selfLoop = edges[frame.node]?.includes(frame.node) ?? false;
      if (part.length > 1 || selfLoop) loops.push(part.sort());
    }
  }
  return loops.sort((a, b) => (a[0] ?? '').localeCompare(b[0] ?? ''));
}

/** One shortest way round a loop, starting and ending at its first file, to show a reader. */
export function loopPath(graph: ImportGraph, part: readonly string[]): string[] {
  const [start] = part;
  if (start === undefined) return [];
  const members = new Set(part);
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (const node of queue) {
    for (const target of graph.get(node) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const way: string[] = [];
        for (let step = node; step !== start; step = cameFrom.get(step) ?? start) way.unshift(step);
        return [start, ...way, start];
      }
      if (!cameFrom.has(target)) {
        cameFrom.set(target, node);
        queue.push(target);
      }
    }
  }
  return [...part];
}

/** The loops under `root`, each as one way round it with paths relative to `base`. */
export function describeImportLoops(root: string, tsconfigPath: string, base: string): string[] {
  const graph = buildImportGraph(root, tsconfigPath);
  return importLoops(graph).map((part) => {
    const way = loopPath(graph, part).map((file) => path.relative(base, file));
    return `${way.join(' → ')} (${part.length} file${part.length === 1 ? '' : 's'} in the loop)`;
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const base = path.resolve(import.meta.dirname, '..');
  const root = path.resolve(base, process.argv[2] ?? 'src');
  const loops = describeImportLoops(root, path.join(base, 'tsconfig.json'), base);
  for (const loop of loops) console.log(loop);
  console.log(`${loops.length} import loop${loops.length === 1 ? '' : 's'} under ${root}`);
  process.exitCode = loops.length > 0 ? 1 : 0;
}
