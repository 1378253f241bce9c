/**
 * The dashboard's one way to call the owner APIs. Writes carry the login's xsrfToken in
 * X-CSRF-Token (the `crumb` cookie before login, for the login call itself); failures become an
 * ApiError with the server's code, message and field errors. A 401 (or a write's 403
 * SESSION_EXPIRED) tells the session holder, so an expired login shows the login form wherever it
 * happens.
 */

export interface FieldErrors {
  readonly [field: string]: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: FieldErrors = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

let xsrfToken: string | undefined;
let onUnauthorized: (() => void) | undefined;

export function setXsrfToken(token: string | undefined): void {
  xsrfToken = token;
}

/** Called on every 401 answer: the login ended (expired, logged out elsewhere, role changed). */
export function setUnauthorizedHandler(handler: (() => void) | undefined): void {
  onUnauthorized = handler;
}

function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

export interface RequestOptions {
  readonly method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

function errorOf(status: number, body: unknown): ApiError {
  const error =
    typeof body === 'object' && body !== null && 'error' in body
      ? (body as { error?: { code?: unknown; message?: unknown; fields?: unknown } }).error
      : undefined;
  const fields =
    typeof error?.fields === 'object' && error.fields !== null
      ? Object.fromEntries(
          Object.entries(error.fields).filter(
            (entry): entry is [string, string] => typeof entry[1] === 'string',
          ),
        )
      : {};
  return new ApiError(
    status,
    typeof error?.code === 'string' ? error.code : 'HTTP_' + String(status),
    typeof error?.message === 'string' ? error.message : 'Something went wrong. Please try again.',
    fields,
  );
}

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (method !== 'GET') {
    const token = xsrfToken ?? readCookie('crumb');
    if (token !== undefined) headers['x-csrf-token'] = token;
  }
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    });
  } catch {
    throw new ApiError(0, 'NETWORK', 'The server could not be reached. Check the connection.');
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    const error = errorOf(response.status, body);
    // A write whose xsrfToken the server no longer knows (403 SESSION_EXPIRED, checked before
    // the owner login) means the login ended as surely as a 401 does.
    if (response.status === 401 || (response.status === 403 && error.code === 'SESSION_EXPIRED')) {
      // The ended login's token would refuse the next login too: that one goes with the crumb.
      xsrfToken = undefined;
      onUnauthorized?.();
    }
    throw error;
  }
  return body as T;
}

/** Whether an error is the API refusing the owner's role (403 OWNER_FORBIDDEN). */
export function isForbidden(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.code === 'OWNER_FORBIDDEN';
}
