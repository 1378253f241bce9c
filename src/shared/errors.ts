/**
 * The error catalog: every failure the API reports has one stable code here, mapped once to
 * an HTTP status and the user-facing message (the spec's wording where the spec has one).
 * Response body: `{ error: { code, message, fields? } }`. The owner dashboard's management
 * screens take their own messages (no HTTP status) from MANAGEMENT_MESSAGES, re-exported here.
 */
export {
  MANAGEMENT_MESSAGES,
  managementMessage,
  type ManagementMessageCode,
} from './management-messages.ts';

export interface ErrorDefinition {
  readonly status: number;
  readonly message: string;
}

/** One catalog row: the HTTP status, then the user-facing message. */
type CatalogRow = readonly [status: number, message: string];

const CATALOG = {
  BAD_REQUEST: [400, 'The request is not valid.'],
  BAD_URL: [400, 'This address is not valid. Check the link, or go back to the home page.'],
  /** A path segment longer than the router reads (Fastify's maxParamLength). */
  URI_TOO_LONG: [414, 'This address is too long. Check the link.'],
  HEADERS_TOO_LARGE: [
    431,
    'Your browser sent more cookies than this site can read. Clear the cookies of this site and try again.',
  ],
  INVALID_JSON: [400, 'The request body is not valid JSON.'],
  VALIDATION_FAILED: [400, 'One or more fields is invalid, please check your entries.'],
  UNSUPPORTED_MEDIA_TYPE: [415, 'This content type is not accepted here.'],
  PAYLOAD_TOO_LARGE: [413, 'The request body is too large.'],
  NOT_FOUND: [404, 'Not found.'],
  METHOD_NOT_ALLOWED: [405, 'This method is not allowed here.'],
  SESSION_EXPIRED: [403, 'Your session has expired. Please reload the page and try again.'],
  COOKIES_DISABLED: [403, 'Please enable cookies in your browser, reload the page, and try again.'],
  RATE_LIMITED: [429, 'Please try again in a few seconds.'],
  DATABASE_UNAVAILABLE: [
    503,
    'The store is temporarily unavailable. Please try again in a moment.',
  ],
  INTERNAL: [500, 'Something went wrong'],
  // Page forms (docs/behaviour/forms-and-captcha.md#messages).
  FORM_KEY_INVALID: [401, 'Unable to submit form. Please try again later.'],
  FORM_NOT_CONFIGURED: [404, 'This form has not been configured yet.'],
  FORM_RATE_LIMITED: [
    429,
    'Unable to submit form. Submission rate limit exceeded. Please try again later.',
  ],
  CAPTCHA_UNVERIFIABLE: [
    503,
    'This form cannot check its CAPTCHA right now. Please try again later.',
  ],
  FORM_SUBMIT_FAILED: [500, 'Unable to send form. Please try again later.'],
  NEWSLETTER_LINK_INVALID: [400, 'This link is not valid or has expired.'],
  OWNER_UNAUTHORIZED: [401, 'Owner authentication is required.'],
  ANALYTICS_DISABLED: [403, 'Visitor analytics are turned off on this site.'],
  VISITOR_COOKIE_MISSING: [400, 'The visitor cookie is missing.'],
  UNKNOWN_EVENT_SCHEMA: [404, 'No event schema has this name.'],
  INVALID_PAGE_LOAD_ID: [400, 'The page-load id was not issued by this site.'],
  TELEMETRY_BUSY: [503, 'Telemetry is busy. Please try again later.'],
  PLACES_NOT_CONFIGURED: [503, 'Address suggestions are not available on this site.'],
  PLACES_UPSTREAM_FAILED: [
    502,
    'Address suggestions are temporarily unavailable. Please try again.',
  ],
  PLACES_TIMEOUT: [504, 'Address suggestions took too long. Please try again.'],
  // Images (docs/behaviour/galleries-and-images.md#width-buckets).
  IMAGE_NOT_FOUND: [404, 'There is no image at this address.'],
  IMAGE_FORMAT_INVALID: [
    400,
    'The image format must be one of 100w, 300w, 500w, 750w, 1000w, 1500w or original.',
  ],
  IMAGE_UNREADABLE: [500, 'This image cannot be read.'],
  // Cart (docs/behaviour/cart.md#add-to-cart-checks; the spec's wording where it has one).
  ITEM_NOT_FOUND: [404, 'Sorry, that item could not be found.'],
  CART_ENTRY_NOT_FOUND: [404, 'That item is no longer in your cart.'],
  ITEM_VARIANT_UNAVAILABLE: [
    400,
    'Sorry, that item variant is unavailable. Please select another variant.',
  ],
  /** The message is built per request from the option names ('Please select the Size option.'). */
  VARIANT_OPTIONS_UNSELECTED: [400, 'Please select the {option} option.'],
  INSUFFICIENT_STOCK: [409, 'Sorry, we do not have enough of that item available.'],
  QUANTITY_NOT_A_NUMBER: [400, 'Quantity must be a number.'],
  QUANTITY_NOT_WHOLE: [400, 'Quantity must be a whole number'],
  QUANTITY_OUT_OF_RANGE: [400, 'Quantity must be between 1 and 9999.'],
  DIGITAL_QUANTITY_LIMIT: [400, 'Only one of each digital product can be in the cart.'],
  SERVICE_QUANTITY_LIMIT: [400, 'Only one of this service can be in the cart.'],
  ITEM_NOT_PURCHASABLE: [400, 'Sorry, this item cannot be purchased through the cart.'],
  SUBSCRIPTION_ONLY: [
    400,
    'This item is sold as a subscription: use Subscribe to buy it, it cannot be added to the cart.',
  ],
  GIFT_CARD_DENOMINATION_REQUIRED: [400, 'Select a denomination for the Gift Card'],
  GIFT_CARD_RECIPIENT_INVALID: [
    400,
    "Enter the recipient's email address as name@example.com, or leave it empty.",
  ],
  GIFT_CARD_MESSAGE_TOO_LONG: [400, 'A gift message is at most 500 characters.'],
  ADDITIONAL_FIELDS_NOT_JSON: [
    400,
    "The item's form answers must be a JSON object of answers keyed by field id.",
  ],
  /** `fields` names each answer that failed, keyed by form field id (docs/behaviour/forms-and-captcha.md#extra-field-forms). */
  ADDITIONAL_FIELDS_INVALID: [
    400,
    "Please complete this item's form before adding it to the cart.",
  ],
  // Reviews (docs/behaviour/reviews.md#feature-gate).
  REVIEWS_NOT_ENABLED: [404, 'Reviews are not enabled for this store.'],
  // Restock sign-ups (docs/behaviour/restock.md#messages: the spec's wording where it has one).
  RESTOCK_EMAIL_BLANK: [400, 'Email cannot be blank'],
  RESTOCK_EMAIL_INVALID: [400, 'Email is invalid'],
  RESTOCK_CAPTCHA_REQUIRED: [400, 'Complete CAPTCHA before submitting.'],
  RESTOCK_CAPTCHA_FAILED: [
    400,
    'The CAPTCHA could not be verified. Please complete it again before submitting.',
  ],
  RESTOCK_VARIANT_NOT_FOUND: [404, 'Sorry, that item variant could not be found.'],
  RESTOCK_IN_STOCK: [
    409,
    'This item is in stock, so there is nothing to sign up for: you can add it to your cart now.',
  ],
  RESTOCK_NOT_STOCKED: [
    409,
    'This item does not run out of stock, so there is nothing to sign up for.',
  ],
  /** Owner send: notices go out only once the variant is back in stock (unlimited or above 0). */
  RESTOCK_NOT_BACK_IN_STOCK: [
    409,
    'This variant is still out of stock. Restock it before notifying its sign-ups.',
  ],
  // Site-user and owner accounts (the spec shows no wording for these).
  /** One message for a wrong email and a wrong password alike: no account enumeration. */
  LOGIN_FAILED: [401, 'The email or password is incorrect.'],
  ACCOUNT_EXISTS: [
    409,
    'An account with this email already exists. Log in or reset your password.',
  ],
  RESET_LINK_INVALID: [
    400,
    'This password reset link is invalid, expired or already used. Please request a new one.',
  ],
  /** The owner is logged in but their website role lacks the action (401 OWNER_UNAUTHORIZED when not logged in). */
  OWNER_FORBIDDEN: [403, 'Your website role does not allow this action.'],
  OWNER_EXISTS: [409, 'An owner with this email already exists.'],
  OWNER_LAST_ADMIN: [409, 'The site must keep at least one owner with the ADMIN role.'],
  OWNER_LINK_INVALID: [400, 'This link has expired or was already used. Ask for a new one.'],
  OUTBOX_ALREADY_SENT: [409, 'This email has already been sent.'],
  // Checkout and orders.
  CART_EMPTY: [400, 'Your cart is empty.'],
  ORDER_ALREADY_PLACED: [409, 'An order has already been placed for this cart.'],
  CHECKOUT_CHANGED: [
    409,
    'Your cart or a gift card balance changed during checkout. Please review your order and try again.',
  ],
  /** The total the shopper was shown is no longer the total the order would charge. */
  TOTAL_CHANGED: [
    409,
    'Your order total has changed. Check the new total and place your order again.',
  ],
  IDEMPOTENCY_KEY_REQUIRED: [
    400,
    'Send an Idempotency-Key header (1–255 visible characters) with the order.',
  ],
  IDEMPOTENCY_KEY_REUSED: [
    422,
    'This Idempotency-Key was already used for a different order request.',
  ],
  PAYMENT_DECLINED: [
    402,
    'Your payment was declined. You have not been charged; please try another card.',
  ],
  PAYMENT_FAILED: [
    502,
    'The payment could not be processed right now. You have not been charged; please try again.',
  ],
  PAYMENT_PROVIDER_UNAVAILABLE: [400, 'This payment method is not available.'],
  // Owner order actions (POST /api/vitrine/owner/orders/:orderId/fulfillments, /refunds, /cancel).
  ORDER_NOT_FOUND: [404, 'There is no order with this id in the store.'],
  ORDER_NOT_PAID: [409, 'This order has not been paid yet.'],
  ORDER_ALREADY_FULFILLED: [409, 'This order has already been fulfilled.'],
  ORDER_CANCELLED: [409, 'This order has been cancelled.'],
  ORDER_NOT_CANCELLABLE: [409, 'Only an unfulfilled order can be cancelled.'],
  /** `fields.amount` says how much is left to refund. */
  REFUND_EXCEEDS_BALANCE: [409, 'The refund is more than what is left to refund on this order.'],
  REFUND_FAILED: [
    502,
    'The payment provider did not make the refund. Nothing was changed; please try again.',
  ],
  ACTION_IDEMPOTENCY_KEY_REQUIRED: [
    400,
    'Send an Idempotency-Key header (1–255 visible characters) with the action.',
  ],
  ACTION_IDEMPOTENCY_KEY_REUSED: [
    422,
    'This Idempotency-Key was already used for a different action.',
  ],
  // Store administration (owner endpoints under /api/vitrine/owner/products and …/store-settings).
  PRODUCT_NOT_FOUND: [404, 'There is no product with this id in the store.'],
  VARIANT_NOT_FOUND: [404, 'This product has no variant with this id.'],
  /** `fields.delta` says how many are in stock. */
  STOCK_BELOW_ZERO: [
    409,
    'Stock cannot go below 0: this adjustment takes away more than is in stock.',
  ],
  STOCK_TOO_LARGE: [409, 'Stock cannot go above 2147483647: this adjustment adds too many.'],
  // Subscriptions (docs/behaviour/subscriptions.md#what-may-be-a-subscription; the browser shows the
  // server's message).
  SUBSCRIPTION_TYPE_NOT_ALLOWED: [
    400,
    'Subscriptions are allowed only for physical and service products.',
  ],
  NOT_SUBSCRIBABLE: [400, 'This item is not sold as a subscription.'],
  SUBSCRIPTION_NOT_FOUND: [404, 'That subscription could not be found.'],
  SUBSCRIPTION_NOT_ACTIVE: [409, 'This subscription has already ended and cannot be cancelled.'],
  SITE_USER_LOGIN_REQUIRED: [401, 'Please log in to your account.'],
} as const satisfies Record<string, CatalogRow>;

export type ErrorCode = keyof typeof CATALOG;

/** The catalog by code, each row read as `{ status, message }` (literal types kept). */
export const ERRORS = Object.fromEntries(
  Object.entries(CATALOG).map(([code, [status, message]]) => [code, { status, message }]),
) as {
  readonly [C in ErrorCode]: {
    readonly status: (typeof CATALOG)[C][0];
    readonly message: (typeof CATALOG)[C][1];
  };
};

export interface ErrorBody {
  error: { code: ErrorCode; message: string; fields?: Record<string, string> };
}

/** A domain failure carrying a catalog code; the HTTP layer turns it into the catalog response. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields: Record<string, string> | undefined;
  /** Seconds after which the client may try again: sent as the Retry-After header. */
  readonly retryAfterS: number | undefined;

  constructor(
    code: ErrorCode,
    options: { message?: string; fields?: Record<string, string>; retryAfterS?: number } = {},
  ) {
    super(options.message ?? ERRORS[code].message);
    this.name = 'AppError';
    this.code = code;
    this.status = ERRORS[code].status;
    this.fields = options.fields;
    this.retryAfterS = options.retryAfterS;
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

const CATALOG_MESSAGES: ReadonlySet<string> = new Set(
  Object.values(ERRORS).map((definition) => definition.message),
);

/**
 * The text when it is one of the catalog's messages, else undefined. Pages that show a message
 * carried in their URL (a refused plain form post redirects back with it) show only these, so a
 * crafted link cannot put words of its own on the store's page.
 */
export function catalogMessage(text: string | undefined): string | undefined {
  return text !== undefined && CATALOG_MESSAGES.has(text) ? text : undefined;
}
