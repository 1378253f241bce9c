/**
 * Cookies and web storage for the analytics client, failing quietly: a storage the browser
 * refuses (private mode, disabled cookies) is warned once with the spec's message, and every
 * caller carries on without it.
 */

export const STORAGE_WARNING = 'Unable access local/session storage.';

const DAY_SECONDS = 24 * 60 * 60;
export const days = (count: number): number => count * DAY_SECONDS;

/** Writes a first-party cookie for the whole site; without maxAge it ends with the session. */
export function setCookie(name: string, value: string, maxAgeSeconds?: number): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  const age = maxAgeSeconds === undefined ? '' : `; max-age=${maxAgeSeconds}`;
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; SameSite=Lax${age}${secure}`;
}

export function clearCookie(name: string): void {
  document.cookie = `${name}=; path=/; max-age=0`;
}

/** The storage, or undefined (warned) when the browser refuses it. */
export function storage(kind: 'localStorage' | 'sessionStorage'): Storage | undefined {
  try {
    const store = window[kind];
    store.getItem('');
    return store;
  } catch {
    console.warn(STORAGE_WARNING);
    return undefined;
  }
}

/** A random id that works on plain HTTP too (randomUUID needs a secure context). */
export function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Listens on document for an island's CustomEvent that carries a detail. */
export function on<Detail>(name: string, listener: (detail: Detail) => void): void {
  document.addEventListener(name, (event) => {
    const { detail } = event as CustomEvent<Detail | null>;
    if (detail) listener(detail);
  });
}
