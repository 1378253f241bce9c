/**
 * The error catalog: every failure the API reports has one stable code here, mapped once to
 * an HTTP status and the user-facing message (the spec's wording where the spec has one).
 * Response body: `{ error: { code, message, fields? } }`.
 */

export interface ErrorDefinition {
  readonly status: number;
  readonly message: string;
}

export const ERRORS = {
  BAD_REQUEST: { status: 400, message: 'The request is not valid.' },
  INVALID_JSON: { status: 400, message: 'The request body is not valid JSON.' },
  VALIDATION_FAILED: { status: 400, message: 'One or more fields is invalid, please check your entries.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'This content type is not accepted here.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request body is too large.' },
  NOT_FOUND: { status: 404, message: 'Not found.' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'This method is not allowed here.' },
  SESSION_EXPIRED: {
    status: 403,
    message: 'Your session has expired. Please reload the page and try again.',
  },
  COOKIES_DISABLED: {
    status: 403,
    message: 'Please enable cookies in your browser, reload the page, and try again.',
  },
  RATE_LIMITED: { status: 429, message: 'Please try again in a few seconds.' },
  DATABASE_UNAVAILABLE: {
    status: 503,
    message: 'The store is temporarily unavailable. Please try again in a moment.',
  },
  INTERNAL: { status: 500, message: 'Something went wrong' },
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorCode = keyof typeof ERRORS;

export interface ErrorBody {
  error: { code: ErrorCode; message: string; fields?: Record<string, string> };
}

/** A domain failure carrying a catalog code; the HTTP layer turns it into the catalog response. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields: Record<string, string> | undefined;

  constructor(code: ErrorCode, options: { message?: string; fields?: Record<string, string> } = {}) {
    super(options.message ?? ERRORS[code].message);
    this.name = 'AppError';
    this.code = code;
    this.status = ERRORS[code].status;
    this.fields = options.fields;
  }

  toBody(): ErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.fields ? { fields: this.fields } : {}),
      },
    };
  }
}

export function isErrorCode(value: string): value is ErrorCode {
  return Object.hasOwn(ERRORS, value);
}
