/** What the mailing list's pages tell the visitor (rendered by src/server/modules/mailing-list/newsletter-pages.ts). */
export const MESSAGES = {
  unsubscribed: 'You have been unsubscribed. You will not receive further emails from this list.',
  confirmed: 'Your subscription is confirmed. Thank you!',
  invalidLink: 'This link is not valid or has expired.',
} as const;

/** Link clicks per IP per minute: plenty for people, little for token guessing. */
export const LINK_RATE_LIMIT = { max: 20, timeWindow: 60_000 } as const;
