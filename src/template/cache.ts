// A bounded cache of compiled templates keyed by a hash of their source.

/** cyrb53: a fast, well-mixed 53-bit string hash (public-domain algorithm). */
export function contentHash(s: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

export class TemplateCache<T extends { source: string }> {
  private readonly map = new Map<number, T>();

  constructor(private readonly limit = 2000) {}

  get(source: string, build: () => T): T {
    const key = contentHash(source);
    const hit = this.map.get(key);
    // A hash collision falls through to a fresh compile that replaces the entry.
    if (hit?.source === source) return hit;
    const value = build();
    if (this.map.size >= this.limit) {
      const oldest = this.map.keys().next();
      if (oldest.done !== true) this.map.delete(oldest.value);
    }
    this.map.set(key, value);
    return value;
  }
}
