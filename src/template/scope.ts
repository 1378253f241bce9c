// Paths compiled into resolvers over the scope frames (state.ts), so rendering does no string
// work.
import type { Path } from './ast.ts';
import { lookupName, lookupVar, type Frame } from './state.ts';
import { walk as importedWalk } from './values.ts';

// Hot helpers bound once: transpiled (CommonJS) imports are a property read per call.
const walk = importedWalk;

/**
 * Sections scope into the current node: their path is read from it alone, without the
 * outward search variables get (as the reference engine does). A variable (`@v`) is likewise
 * read from the current frame only: `{.section @v}` inside another section finds nothing,
 * while `{@v}` and `{.if @v}` search outward. `@index` still resolves.
 */
export function compileSectionPath(path: Path): (frame: Frame) => unknown {
  const segs = path.segments;
  const head = segs[0] ?? '';
  if (path.current || head === '@index' || head === '@index0') return compilePath(path);
  if (head.charCodeAt(0) === 64) {
    const own = (f: Frame): unknown => (f.vars?.has(head) === true ? f.vars.get(head) : undefined);
    return segs.length === 1 ? own : (f) => walk(own(f), segs, 1);
  }
  return (f) => walk(f.node, segs);
}

/** A resolver specialised for one path, so rendering does no string work. */
export function compilePath(path: Path): (frame: Frame) => unknown {
  const segs = path.segments;
  if (path.current) {
    if (segs.length === 0) return (f) => f.node;
    return (f) => walk(f.node, segs);
  }
  const head = segs[0] ?? '';
  if (head.charCodeAt(0) === 64) {
    return segs.length === 1 ? (f) => lookupVar(f, head) : (f) => walk(lookupVar(f, head), segs, 1);
  }
  if (segs.length === 1) return (f) => lookupName(f, head);
  return (f) => walk(lookupName(f, head), segs, 1);
}
