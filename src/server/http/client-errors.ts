/**
 * Requests refused before they reach a route: an address that does not decode (Fastify's
 * frameworkErrors, FST_ERR_BAD_URL), and what Node's HTTP parser refuses before Fastify sees a
 * request at all (the server's clientError event): headers over MAX_HEADER_BYTES (431), a
 * control character in a header such as a cookie (400); a request that never finished arriving
 * only has its connection closed. Visitors get the theme's error page, API callers the error catalog's body, both with the
 * right status, instead of Fastify's and Node's own JSON.
 *
 * A page request is one that accepts text/html or whose path is outside /api/. The parser's
 * refusals have only the bytes received so far (`rawPacket`): the request line and any Accept
 * header in them decide, and the answer is written to the socket, which is then closed.
 */
import type { PublicOrigin } from './public-origin.ts';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type ErrorCode } from '../../shared/errors.ts';
import { errorPage, sendError } from './error-handler.ts';

/** Node's own default, made explicit: a request whose headers exceed it is answered 431. */
export const MAX_HEADER_BYTES = 16 * 1024;

/** The theme's error page for a site address, or undefined when there is no site to show it. */
export type ThemeErrorPage = (
  failure: { status: number; message: string },
  baseUrl: string,
) => Promise<string | undefined>;

/** What Node hands the clientError listener: `rawPacket` is a Buffer when Node has one. */
export interface ParserError extends Error {
  readonly code?: string;
  readonly rawPacket?: unknown;
}

export interface ClientErrorAnswers {
  /** Fastify's `frameworkErrors` option. */
  frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void;
  /** Fastify's `clientErrorHandler` option. */
  clientErrorHandler(error: ParserError, socket: Socket): void;
  /** The theme's error page, once the page routes exist. */
  useThemePage(page: ThemeErrorPage): void;
}

export function wantsHtml(path: string, accept: string | undefined): boolean {
  return (accept ?? '').includes('text/html') || !path.startsWith('/api/');
}

function parserErrorCode(error: ParserError): ErrorCode {
  if (error.code === 'HPE_HEADER_OVERFLOW') return 'HEADERS_TOO_LARGE';
  return 'BAD_REQUEST';
}

/** Path, Accept and Host of a request as far as it arrived. */
function readPacket(packet: unknown): { path: string; accept?: string; host?: string } {
  const head = Buffer.isBuffer(packet) ? packet.toString('latin1') : '';
  const path = /^[A-Z]+ (\S+) HTTP\//.exec(head)?.[1] ?? '/';
  const header = (name: string) =>
    new RegExp(`\\r\\n${name}:[ \\t]*([^\\r\\n]*)`, 'i').exec(head)?.[1]?.trim();
  return { path, accept: header('accept'), host: header('host') };
}

export function createClientErrorAnswers(options: {
  /** PUBLIC_URL, for refusals made before a request exists (the raw socket's). */
  readonly publicUrl: string | undefined;
  /** The composition root's origin of absolute links (services.ts). */
  readonly publicOrigin: PublicOrigin;
}): ClientErrorAnswers {
  let themePage: ThemeErrorPage = async () => undefined;

  async function pageHtml(error: AppError, baseUrl: string): Promise<string> {
    const html = await themePage({ status: error.status, message: error.message }, baseUrl).catch(
      () => undefined,
    );
    return html ?? errorPage(error);
  }

  return {
    useThemePage(page) {
      themePage = page;
    },

    frameworkErrors(error, request, reply) {
      const appError = new AppError(
        error.code === 'FST_ERR_BAD_URL'
          ? 'BAD_URL'
          : error.statusCode === 414
            ? 'URI_TOO_LONG'
            : 'BAD_REQUEST',
      );
      if (!wantsHtml(request.url, request.headers.accept)) {
        sendError(reply, appError);
        return;
      }
      const baseUrl = options.publicOrigin(request);
      void pageHtml(appError, baseUrl).then((html) =>
        reply
          .code(appError.status)
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(html),
      );
    },

    clientErrorHandler(error, socket) {
      if (error.code === 'ECONNRESET' || socket.destroyed) return;
      if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
        socket.destroy();
        return;
      }
      const appError = new AppError(parserErrorCode(error));
      const { path, accept, host } = readPacket(error.rawPacket);
      const html = wantsHtml(path, accept);
      // Only a plain host name makes the page's links: the header is whatever the client sent.
      const baseUrl =
        options.publicUrl ??
        (host !== undefined && /^[A-Za-z0-9.-]+(:\d+)?$/.test(host) ? `http://${host}` : '');
      const body = html
        ? pageHtml(appError, baseUrl)
        : Promise.resolve(JSON.stringify(appError.toBody()));
      void body.then((text) => {
        if (socket.destroyed || !socket.writable) return;
        const type = html ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8';
        socket.end(
          `HTTP/1.1 ${appError.status} ${STATUS_CODES[appError.status] ?? ''}\r\n` +
            `Content-Type: ${type}\r\nContent-Length: ${Buffer.byteLength(text)}\r\n` +
            'Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n' +
            text,
        );
      });
    },
  };
}
