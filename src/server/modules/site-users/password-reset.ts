/**
 * Password reset through an emailed single-use link.
 *
 * - POST /api/vitrine/site-users/password-reset { email } → always 202 `{}`, whether or not the
 *   address has an account (no enumeration). For an account it stores a reset token (hashed,
 *   valid RESET_TOKEN_MINUTES) and emails the link through the mail module; at most one email per account per
 *   RESET_EMAIL_INTERVAL_SECONDS, so the endpoint cannot be used to flood someone's inbox.
 * - POST /api/vitrine/site-users/password-reset/complete { token, password } → 200 `{}`. The token
 *   is spent in one conditional UPDATE (unused and unexpired), so two uses race to one winner. The
 *   new password ends every login of the account and every other outstanding link.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../shared/errors.ts';
import {
  passwordResetCompleteBody,
  passwordResetRequestBody,
} from '../../../shared/schemas/site-users.ts';
import { schema } from '../../db/index.ts';
import type { MailMessage } from '../mail/index.ts';
import { passwordResetEmail, RESET_LINK_PATH } from './account-mail.ts';
import { verifyAddressAndLinkOrders } from './guest-orders.ts';
import type { SiteUserDeps } from './deps.ts';
import { accountThrottleKey, clearLoginFailures } from '../auth/index.ts';
import { hashPassword, toColumns } from '../auth/index.ts';
import { newSecret, sha256 } from '../auth/index.ts';

const { siteUsers, siteUserSessions, passwordResetTokens } = schema;

export const RESET_TOKEN_MINUTES = 60;
export const RESET_EMAIL_INTERVAL_SECONDS = 60;

export function requestResetHandler(deps: SiteUserDeps) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<Record<string, never>> => {
    const body = passwordResetRequestBody.parse(request.body);
    const { site } = request;
    const emailKey = body.email.toLowerCase();
    const token = newSecret();
    const email = await deps.database.withTransaction(
      async (tx): Promise<MailMessage | undefined> => {
        const [user] = await tx
          .select({ id: siteUsers.id, email: siteUsers.email })
          .from(siteUsers)
          .where(and(eq(siteUsers.siteId, site.id), eq(siteUsers.emailKey, emailKey)))
          .limit(1)
          .for('update');
        if (!user) return undefined;
        const [recent] = await tx
          .select({ id: passwordResetTokens.id })
          .from(passwordResetTokens)
          .where(
            and(
              eq(passwordResetTokens.siteUserId, user.id),
              gt(
                passwordResetTokens.createdAt,
                sql`now() - make_interval(secs => ${RESET_EMAIL_INTERVAL_SECONDS})`,
              ),
            ),
          )
          .limit(1);
        if (recent) return undefined;
        const tokenId = randomUUID();
        await tx.insert(passwordResetTokens).values({
          id: tokenId,
          siteUserId: user.id,
          tokenHash: sha256(token),
          expiresAt: sql`now() + make_interval(mins => ${RESET_TOKEN_MINUTES})`,
        });
        const link = `${deps.publicOrigin(request)}${RESET_LINK_PATH}?token=${token}`;
        return passwordResetEmail({
          siteId: site.id,
          siteTitle: site.title,
          tokenId,
          to: user.email,
          link,
          minutes: RESET_TOKEN_MINUTES,
        });
      },
    );
    // After the commit: the mailer writes its outbox outside this transaction. A failure to
    // queue is logged; the visitor can ask again after the interval.
    if (email) {
      const queued = await deps.mailer.deliverLater(email);
      if (queued.status === 'not-written')
        request.log.error({ error: queued.error }, 'password reset email not queued');
    }
    void reply.code(202).header('cache-control', 'no-store');
    return {};
  };
}

export function completeResetHandler(deps: SiteUserDeps) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<Record<string, never>> => {
    const body = passwordResetCompleteBody.parse(request.body);
    const { site } = request;
    const password = toColumns(await hashPassword(body.password));
    const emailKey = await deps.database.withTransaction(async (tx) => {
      const [spent] = await tx
        .update(passwordResetTokens)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(passwordResetTokens.tokenHash, sha256(body.token)),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, sql`now()`),
            sql`${passwordResetTokens.siteUserId} in (select ${siteUsers.id} from ${siteUsers} where ${siteUsers.siteId} = ${site.id})`,
          ),
        )
        .returning({ siteUserId: passwordResetTokens.siteUserId });
      if (!spent) throw new AppError('RESET_LINK_INVALID');
      const [user] = await tx
        .update(siteUsers)
        .set({ ...password, passwordChangedAt: sql`now()` })
        .where(eq(siteUsers.id, spent.siteUserId))
        .returning({ emailKey: siteUsers.emailKey, siteId: siteUsers.siteId });
      // The reset link went to the address: whoever used it proved the address.
      if (user)
        await verifyAddressAndLinkOrders(tx, {
          siteId: user.siteId,
          siteUserId: spent.siteUserId,
          emailKey: user.emailKey,
        });
      await tx.delete(siteUserSessions).where(eq(siteUserSessions.siteUserId, spent.siteUserId));
      await tx
        .update(passwordResetTokens)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(passwordResetTokens.siteUserId, spent.siteUserId),
            isNull(passwordResetTokens.usedAt),
          ),
        );
      return user?.emailKey;
    });
    // The owner of the address proved it: earlier failed guesses no longer block them.
    if (emailKey !== undefined)
      await clearLoginFailures(
        deps.database.db,
        accountThrottleKey('site-user', site.id, emailKey),
      );
    void reply.header('cache-control', 'no-store');
    return {};
  };
}
