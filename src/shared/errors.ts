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

export const ERRORS = {
  BAD_REQUEST: { status: 400, message: 'The request is not valid.' },
  BAD_URL: {
    status: 400,
    message: 'This address is not valid. Check the link, or go back to the home page.',
  },
  /** A path segment longer than the router reads (Fastify's maxParamLength). */
  URI_TOO_LONG: { status: 414, message: 'This address is too long. Check the link.' },
  HEADERS_TOO_LARGE: {
    status: 431,
    message:
      'Your browser sent more cookies than this site can read. Clear the cookies of this site and try again.',
  },
  INVALID_JSON: { status: 400, message: 'The request body is not valid JSON.' },
  VALIDATION_FAILED: {
    status: 400,
    message: 'One or more fields is invalid, please check your entries.',
  },
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
  // Page forms (docs/behaviour/forms-and-captcha.md#messages).
  FORM_KEY_INVALID: { status: 401, message: 'Unable to submit form. Please try again later.' },
  FORM_NOT_CONFIGURED: { status: 404, message: 'This form has not been configured yet.' },
  FORM_RATE_LIMITED: {
    status: 429,
    message: 'Unable to submit form. Submission rate limit exceeded. Please try again later.',
  },
  CAPTCHA_UNVERIFIABLE: {
    status: 503,
    message: 'This form cannot check its CAPTCHA right now. Please try again later.',
  },
  FORM_SUBMIT_FAILED: { status: 500, message: 'Unable to send form. Please try again later.' },
  NEWSLETTER_LINK_INVALID: { status: 400, message: 'This link is not valid or has expired.' },
  OWNER_UNAUTHORIZED: { status: 401, message: 'Owner authentication is required.' },
  ANALYTICS_DISABLED: { status: 403, message: 'Visitor analytics are turned off on this site.' },
  VISITOR_COOKIE_MISSING: { status: 400, message: 'The visitor cookie is missing.' },
  UNKNOWN_EVENT_SCHEMA: { status: 404, message: 'No event schema has this name.' },
  INVALID_PAGE_LOAD_ID: { status: 400, message: 'The page-load id was not issued by this site.' },
  TELEMETRY_BUSY: { status: 503, message: 'Telemetry is busy. Please try again later.' },
  PLACES_NOT_CONFIGURED: {
    status: 503,
    message: 'Address suggestions are not available on this site.',
  },
  PLACES_UPSTREAM_FAILED: {
    status: 502,
    message: 'Address suggestions are temporarily unavailable. Please try again.',
  },
  PLACES_TIMEOUT: { status: 504, message: 'Address suggestions took too long. Please try again.' },
  // Images (docs/behaviour/galleries-and-images.md#width-buckets).
  IMAGE_NOT_FOUND: { status: 404, message: 'There is no image at this address.' },
  IMAGE_FORMAT_INVALID: {
    status: 400,
    message: 'The image format must be one of 100w, 300w, 500w, 750w, 1000w, 1500w or original.',
  },
  IMAGE_UNREADABLE: { status: 500, message: 'This image cannot be read.' },
  // Cart (docs/behaviour/cart.md#add-to-cart-checks; the spec's wording where it has one).
  ITEM_NOT_FOUND: { status: 404, message: 'Sorry, that item could not be found.' },
  CART_ENTRY_NOT_FOUND: { status: 404, message: 'That item is no longer in your cart.' },
  ITEM_VARIANT_UNAVAILABLE: {
    status: 400,
    message: 'Sorry, that item variant is unavailable. Please select another variant.',
  },
  /** The message is built per request from the option names ('Please select the Size option.'). */
  VARIANT_OPTIONS_UNSELECTED: { status: 400, message: 'Please select the {option} option.' },
  INSUFFICIENT_STOCK: {
    status: 409,
    message: 'Sorry, we do not have enough of that item available.',
  },
  QUANTITY_NOT_A_NUMBER: { status: 400, message: 'Quantity must be a number.' },
  QUANTITY_NOT_WHOLE: { status: 400, message: 'Quantity must be a whole number' },
  QUANTITY_OUT_OF_RANGE: { status: 400, message: 'Quantity must be between 1 and 9999.' },
  DIGITAL_QUANTITY_LIMIT: {
    status: 400,
    message: 'Only one of each digital product can be in the cart.',
  },
  SERVICE_QUANTITY_LIMIT: {
    status: 400,
    message: 'Only one of this service can be in the cart.',
  },
  ITEM_NOT_PURCHASABLE: {
    status: 400,
    message: 'Sorry, this item cannot be purchased through the cart.',
  },
  SUBSCRIPTION_ONLY: {
    status: 400,
    message:
      'This item is sold as a subscription: use Subscribe to buy it, it cannot be added to the cart.',
  },
  GIFT_CARD_DENOMINATION_REQUIRED: {
    status: 400,
    message: 'Select a denomination for the Gift Card',
  },
  GIFT_CARD_RECIPIENT_INVALID: {
    status: 400,
    message: "Enter the recipient's email address as name@example.com, or leave it empty.",
  },
  GIFT_CARD_MESSAGE_TOO_LONG: {
    status: 400,
    message: 'A gift message is at most 500 characters.',
  },
  ADDITIONAL_FIELDS_NOT_JSON: {
    status: 400,
    message: "The item's form answers must be a JSON object of answers keyed by field id.",
  },
  /** `fields` names each answer that failed, keyed by form field id (docs/behaviour/forms-and-captcha.md#extra-field-forms). */
  ADDITIONAL_FIELDS_INVALID: {
    status: 400,
    message: "Please complete this item's form before adding it to the cart.",
  },
  // Reviews (docs/behaviour/reviews.md#feature-gate).
  REVIEWS_NOT_ENABLED: { status: 404, message: 'Reviews are not enabled for this store.' },
  // Restock sign-ups (docs/behaviour/restock.md#messages: the spec's wording where it has one).
  RESTOCK_EMAIL_BLANK: { status: 400, message: 'Email cannot be blank' },
  RESTOCK_EMAIL_INVALID: { status: 400, message: 'Email is invalid' },
  RESTOCK_CAPTCHA_REQUIRED: { status: 400, message: 'Complete CAPTCHA before submitting.' },
  RESTOCK_CAPTCHA_FAILED: {
    status: 400,
    message: 'The CAPTCHA could not be verified. Please complete it again before submitting.',
  },
  RESTOCK_VARIANT_NOT_FOUND: {
    status: 404,
    message: 'Sorry, that item variant could not be found.',
  },
  RESTOCK_IN_STOCK: {
    status: 409,
    message:
      'This item is in stock, so there is nothing to sign up for: you can add it to your cart now.',
  },
  RESTOCK_NOT_STOCKED: {
    status: 409,
    message: 'This item does not run out of stock, so there is nothing to sign up for.',
  },
  /** Owner send: notices go out only once the variant is back in stock (unlimited or above 0). */
  RESTOCK_NOT_BACK_IN_STOCK: {
    status: 409,
    message: 'This variant is still out of stock. Restock it before notifying its sign-ups.',
  },
  // Site-user and owner accounts (the spec shows no wording for these).
  /** One message for a wrong email and a wrong password alike: no account enumeration. */
  LOGIN_FAILED: { status: 401, message: 'The email or password is incorrect.' },
  ACCOUNT_EXISTS: {
    status: 409,
    message: 'An account with this email already exists. Log in or reset your password.',
  },
  RESET_LINK_INVALID: {
    status: 400,
    message:
      'This password reset link is invalid, expired or already used. Please request a new one.',
  },
  /** The owner is logged in but their website role lacks the action (401 OWNER_UNAUTHORIZED when not logged in). */
  OWNER_FORBIDDEN: { status: 403, message: 'Your website role does not allow this action.' },
  OWNER_EXISTS: { status: 409, message: 'An owner with this email already exists.' },
  OWNER_LAST_ADMIN: {
    status: 409,
    message: 'The site must keep at least one owner with the ADMIN role.',
  },
  // Checkout and orders.
  CART_EMPTY: { status: 400, message: 'Your cart is empty.' },
  ORDER_ALREADY_PLACED: { status: 409, message: 'An order has already been placed for this cart.' },
  CHECKOUT_CHANGED: {
    status: 409,
    message:
      'Your cart or a gift card balance changed during checkout. Please review your order and try again.',
  },
  /** The total the shopper was shown is no longer the total the order would charge. */
  TOTAL_CHANGED: {
    status: 409,
    message: 'Your order total has changed. Check the new total and place your order again.',
  },
  IDEMPOTENCY_KEY_REQUIRED: {
    status: 400,
    message: 'Send an Idempotency-Key header (1–255 visible characters) with the order.',
  },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    message: 'This Idempotency-Key was already used for a different order request.',
  },
  PAYMENT_DECLINED: {
    status: 402,
    message: 'Your payment was declined. You have not been charged; please try another card.',
  },
  PAYMENT_FAILED: {
    status: 502,
    message:
      'The payment could not be processed right now. You have not been charged; please try again.',
  },
  PAYMENT_PROVIDER_UNAVAILABLE: { status: 400, message: 'This payment method is not available.' },
  // Owner order actions (POST /api/vitrine/owner/orders/:orderId/fulfillments, /refunds, /cancel).
  ORDER_NOT_FOUND: { status: 404, message: 'There is no order with this id in the store.' },
  ORDER_NOT_PAID: { status: 409, message: 'This order has not been paid yet.' },
  ORDER_ALREADY_FULFILLED: { status: 409, message: 'This order has already been fulfilled.' },
  ORDER_CANCELLED: { status: 409, message: 'This order has been cancelled.' },
  ORDER_NOT_CANCELLABLE: {
    status: 409,
    message: 'Only an unfulfilled order can be cancelled.',
  },
  /** `fields.amount` says how much is left to refund. */
  REFUND_EXCEEDS_BALANCE: {
    status: 409,
    message: 'The refund is more than what is left to refund on this order.',
  },
  REFUND_FAILED: {
    status: 502,
    message: 'The payment provider did not make the refund. Nothing was changed; please try again.',
  },
  ACTION_IDEMPOTENCY_KEY_REQUIRED: {
    status: 400,
    message: 'Send an Idempotency-Key header (1–255 visible characters) with the action.',
  },
  ACTION_IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    message: 'This Idempotency-Key was already used for a different action.',
  },
  // Store administration (owner endpoints under /api/vitrine/owner/products and …/store-settings).
  PRODUCT_NOT_FOUND: { status: 404, message: 'There is no product with this id in the store.' },
  VARIANT_NOT_FOUND: { status: 404, message: 'This product has no variant with this id.' },
  /** `fields.delta` says how many are in stock. */
  STOCK_BELOW_ZERO: {
    status: 409,
    message: 'Stock cannot go below 0: this adjustment takes away more than is in stock.',
  },
  STOCK_TOO_LARGE: {
    status: 409,
    message: 'Stock cannot go above 2147483647: this adjustment adds too many.',
  },
  // Subscriptions (docs/behaviour/subscriptions.md#what-may-be-a-subscription; the browser shows the
  // server's message).
  SUBSCRIPTION_TYPE_NOT_ALLOWED: {
    status: 400,
    message: 'Subscriptions are allowed only for physical and service products.',
  },
  NOT_SUBSCRIBABLE: { status: 400, message: 'This item is not sold as a subscription.' },
  SUBSCRIPTION_NOT_FOUND: { status: 404, message: 'That subscription could not be found.' },
  SUBSCRIPTION_NOT_ACTIVE: {
    status: 409,
    message: 'This subscription has already ended and cannot be cancelled.',
  },
  SITE_USER_LOGIN_REQUIRED: { status: 401, message: 'Please log in to your account.' },
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

  constructor(
    code: ErrorCode,
    options: { message?: string; fields?: Record<string, string> } = {},
  ) {
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
