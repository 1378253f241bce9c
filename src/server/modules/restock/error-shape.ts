/**
 * Restock errors keep the spec's shape (docs/behaviour/restock.md#sign-up-payload: "Error responses carry data.message",
 * which the restock form shows as is) beside the catalog's `error` object every other API
 * answers: `{ error: { code, message, fields? }, data: { message } }`. Used as the route's
 * errorHandler, so CSRF, body-parsing and rate-limit refusals on these routes take it too.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../shared/errors.ts';
import { toAppError } from '../../http/error-handler.ts';

export function restockErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  let appError = toAppError(error);
  if (!appError) {
    request.log.error({ err: error }, 'unhandled error');
    appError = new AppError('INTERNAL');
  } else if (appError.status >= 500) {
    request.log.error({ err: error }, appError.message);
  }
  void reply
    .code(appError.status)
    .type('application/json; charset=utf-8')
    .send({ ...appError.toBody(), data: { message: appError.message } });
}
