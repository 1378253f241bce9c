/**
 * A visitor's restock sign-up (docs/behaviour/restock.md#sign-up-payload), as one recipe:
 *   1. the email: blank → 'Email cannot be blank', else the platform rule → 'Email is invalid';
 *   2. the captcha, when the site has captcha on: missing → 'Complete CAPTCHA before submitting.',
 *      wrong or replayed → RESTOCK_CAPTCHA_FAILED;
 *   3. the product and variant must be the site's (404), published, and sold out: a variant in
 *      stock or unlimited, or a product that never runs out, has nothing to sign up for (409);
 *   4. one row per (variant, email): a repeat is idempotent (it may only add the mailing-list
 *      opt-in); a sign-up already notified is replaced by a fresh pending one, so a visitor can
 *      wait for the next restock too;
 *   5. the opt-in is recorded on the row and, when the site connects a mailing list to the
 *      restock opt-in, handed to the mailing list (its own double opt-in applies).
 * Refusals change nothing in the database.
 */
import { isPublishedAt } from '../content/index.ts';
import { and, eq, isNotNull, not } from 'drizzle-orm';
import { AppError } from '../../../shared/errors.ts';
import { restockConnection, siteCaptcha } from '../../../shared/forms/index.ts';
import {
  checkRestockEmail,
  restockEligibility,
  type RestockSignupPayload,
} from '../../../shared/restock/index.ts';
import { schema, type Database } from '../../db/index.ts';
import type { CurrentSite } from '../../http/current-site.ts';
import { verifyCaptcha, type CaptchaConfig } from '../captcha/index.ts';
import { loadFormSiteSettings } from '../forms/index.ts';
import type { Mailer } from '../mail/index.ts';
import { subscribe } from '../mailing-list/index.ts';
import { findRestockVariant } from './variant-lookup.ts';

const { restockSignups } = schema;

export interface SignUpContext {
  readonly database: Database;
  readonly site: CurrentSite;
  readonly captcha: CaptchaConfig;
  readonly remoteIp: string;
  /** Origin of links in a mailing-list confirmation email. */
  readonly origin: string;
  readonly secret: string;
  /** Hands the mailing list's confirmation email to the mail module. */
  readonly mailer: Mailer;
}

export interface SignUpOutcome {
  /** False when this email was already waiting for this variant. */
  readonly created: boolean;
  readonly isJoinMailingList: boolean;
}

export async function signUpForRestock(
  context: SignUpContext,
  payload: RestockSignupPayload,
): Promise<SignUpOutcome> {
  const { database, site } = context;
  const { db } = database;

  const email = checkRestockEmail(payload.siteVisitorEmail);
  if (!email.ok) {
    throw new AppError(email.reason === 'blank' ? 'RESTOCK_EMAIL_BLANK' : 'RESTOCK_EMAIL_INVALID', {
      fields: { siteVisitorEmail: email.message },
    });
  }

  const settings = await loadFormSiteSettings(db, site.id);
  const captchaOn = siteCaptcha(settings).on;
  if (captchaOn) {
    const token = payload.captchaToken?.trim() ?? '';
    if (token === '')
      throw new AppError('RESTOCK_CAPTCHA_REQUIRED', {
        fields: { captchaToken: 'Complete CAPTCHA before submitting.' },
      });
    if (!(await verifyCaptcha(db, context.captcha, settings, token, context.remoteIp))) {
      throw new AppError('RESTOCK_CAPTCHA_FAILED');
    }
  }

  const lookup = await findRestockVariant(db, site.id, payload.productId, payload.variantId);
  if (!lookup.found)
    throw new AppError(
      lookup.missing === 'product' ? 'ITEM_NOT_FOUND' : 'RESTOCK_VARIANT_NOT_FOUND',
    );
  const { variant } = lookup;
  // The storefront's own rule: a Scheduled product takes sign-ups once it has appeared.
  const visible = isPublishedAt(
    { status: variant.productStatus, publishOn: variant.productPublishOn },
    new Date(),
  );
  if (!visible) throw new AppError('ITEM_NOT_FOUND');
  const eligibility = restockEligibility(variant.productType, variant);
  if (eligibility === 'in-stock') throw new AppError('RESTOCK_IN_STOCK');
  if (eligibility === 'not-stocked') throw new AppError('RESTOCK_NOT_STOCKED');

  const created = await database.withTransaction(async (tx) => {
    const same = and(
      eq(restockSignups.variantId, variant.variantId),
      eq(restockSignups.email, email.email),
    );
    // Notified already: make way for a fresh sign-up (its notice stays in the outbox).
    await tx.delete(restockSignups).where(and(same, isNotNull(restockSignups.sentAt)));
    const inserted = await tx
      .insert(restockSignups)
      .values({
        siteId: site.id,
        productId: variant.productId,
        variantId: variant.variantId,
        email: email.email,
        joinMailingList: payload.isJoinMailingList,
        captchaUsed: captchaOn,
      })
      .onConflictDoNothing({ target: [restockSignups.variantId, restockSignups.email] })
      .returning({ id: restockSignups.id });
    if (inserted.length > 0) return true;
    // A repeat may add the opt-in, never take it back.
    if (payload.isJoinMailingList) {
      await tx
        .update(restockSignups)
        .set({ joinMailingList: true })
        .where(and(same, not(restockSignups.joinMailingList)));
    }
    return false;
  });

  const connection = restockConnection(settings);
  if (payload.isJoinMailingList && connection) {
    await subscribe(database, {
      siteId: site.id,
      siteTitle: site.title,
      connection,
      email: email.email,
      source: 'restock',
      origin: context.origin,
      secret: context.secret,
      mailer: context.mailer,
    });
  }
  return { created, isJoinMailingList: payload.isJoinMailingList };
}
