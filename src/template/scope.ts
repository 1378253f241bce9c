// Scope frames and name resolution: a name is searched outward through the frames;
// `@` names are variables, `@index`/`@index0` come from the nearest repeated section.
import type { Path } from './ast.ts';
import type { RenderState } from './state.ts';
import { member as importedMember, walk as importedWalk } from './values.ts';

// Hot helpers bound once: transpiled (CommonJS) imports are a property read per call.
const member = importedMember;
const walk = importedWalk;

/** A compiled block that renders into the current state (templates, macros, partials). */
export type Exec = (s: RenderState) => void;

export class Frame {
  vars: Map<string, unknown> | null = null;
  macros: Map<string, Exec> | null = null;
  /** 0-based position inside a repeated section, or -1. */
  index = -1;

  constructor(
    /** Mutable only so a repeated section can reuse one frame for all its elements. */
    public node: unknown,
    public readonly parent: Frame | null,
    /** An isolated frame (private apply) hides the frames above it from data lookup. */
    public readonly isolated = false,
  ) {}

  setVar(name: string, value: unknown): void {
    (this.vars ??= new Map()).set(name, value);
  }

  /** Macros are dynamically scoped: a partial sees the macros of the template that applied it. */
  findMacro(name: string): Exec | undefined {
    return this.macros?.get(name) ?? this.parent?.findMacro(name);
  }
}

function lookupVar(frame: Frame, name: string): unknown {
  if (name === '@index' || name === '@index0') {
    for (let f: Frame | null = frame; f; f = f.parent) {
      if (f.index >= 0) return name === '@index' ? f.index + 1 : f.index;
    }
    return undefined;
  }
  for (let f: Frame | null = frame; f; f = f.isolated ? null : f.parent) {
    if (f.vars?.has(name) === true) return f.vars.get(name);
  }
  return undefined;
}

function lookupName(frame: Frame, name: string): unknown {
  for (let f: Frame | null = frame; f; f = f.isolated ? null : f.parent) {
    const v = member(f.node, name);
    if (v !== undefined) return v;
  }
  return undefined;
}

export function resolvePath(frame: Frame, path: Path): unknown {
  if (path.current) return walk(frame.node, path.segments);
  const head = path.segments[0] ?? '';
  const first =
    head.charCodeAt(0) === 64 /* @ */ ? lookupVar(frame, head) : lookupName(frame, head);
  return path.segments.length === 1 ? first : walk(first, path.segments, 1);
}

/**
 * Sections scope into the current node: their path is read from it alone, without the
 * outward search variables get (as the reference engine does). `@` names still resolve.
 */
export function compileSectionPath(path: Path): (frame: Frame) => unknown {
  const segs = path.segments;
  const head = segs[0] ?? '';
  if (path.current || head.charCodeAt(0) === 64) return compilePath(path);
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
