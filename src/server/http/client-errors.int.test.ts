/**
 * Requests refused before routing: a malformed address (through inject), and what Node's HTTP
 * parser refuses (a control character in a cookie, headers over the limit), which inject cannot
 * send, through a listening server and a raw socket.
 */
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app.ts';
import { ERRORS } from '../../shared/errors.ts';
import { escapeHtml } from '../../shared/html/escape-html.ts';
import { MAX_HEADER_BYTES } from './client-errors.ts';

let harness: TestApp;
let port: number;

beforeAll(async () => {
  harness = await createTestApp();
  await harness.app.listen({ port: 0, host: '127.0.0.1' });
  port = (harness.app.server.address() as AddressInfo).port;
});
afterAll(() => harness.close());

interface RawResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** Sends bytes as they are and reads the answer until the server closes the connection. */
function rawRequest(head: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(`${head}\r\n`));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [top = '', body = ''] = text.split(/\r\n\r\n(.*)/s);
      const [statusLine = '', ...lines] = top.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const at = line.indexOf(':');
        headers[line.slice(0, at).toLowerCase()] = line.slice(at + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
  });
}

const requestHead = (path: string, headers: Record<string, string>) =>
  [
    `GET ${path} HTTP/1.1`,
    'Host: shop.example',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    'Connection: close',
    '',
  ].join('\r\n');

/** The theme's error page (the site's layout around page type 101) with this message. */
function expectThemedError(body: string, message: string): void {
  expect(body).toContain('<body data-page-type="101"');
  expect(body).toContain('Vitrine Demo Store');
  expect(body).toContain('<section class="error-page">');
  expect(body).toContain(escapeHtml(message));
}

describe('an address that does not decode', () => {
  it('answers a page request with the theme error page, 400', async () => {
    for (const accept of ['text/html,application/xhtml+xml', '*/*']) {
      const response = await harness.app.inject({
        url: '/shop/p/%E0%A4%A',
        headers: { accept },
      });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).not.toContain('FST_ERR_BAD_URL');
      expectThemedError(response.body, ERRORS.BAD_URL.message);
    }
  });

  it('answers an API request with the error catalog body, 400', async () => {
    const response = await harness.app.inject({
      url: '/api/commerce/shopping-cart/%E0%A4%A',
      headers: { accept: 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.json()).toEqual({
      error: { code: 'BAD_URL', message: ERRORS.BAD_URL.message },
    });
  });
});

describe("what Node's HTTP parser refuses", () => {
  it('a control character in a cookie: the theme error page for a page, 400', async () => {
    const response = await rawRequest(
      requestHead('/shop', { Accept: 'text/html', Cookie: 'theme=dark\u0001' }),
    );
    expect(response.status).toBe(400);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).not.toContain('"error":"Bad Request"');
    expectThemedError(response.body, ERRORS.BAD_REQUEST.message);
  });

  it('a control character in a cookie: the catalog body for the API, 400', async () => {
    const response = await rawRequest(
      requestHead('/api/commerce/shopping-cart', { Cookie: 'theme=dark\u0001' }),
    );
    expect(response.status).toBe(400);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(response.body)).toEqual({
      error: { code: 'BAD_REQUEST', message: ERRORS.BAD_REQUEST.message },
    });
  });

  it(`headers over ${MAX_HEADER_BYTES} bytes (a 20 KB cookie): the theme error page, 431`, async () => {
    const response = await rawRequest(
      requestHead('/shop/p/linen-shirt', {
        Accept: 'text/html',
        Cookie: `big=${'x'.repeat(20 * 1024)}`,
      }),
    );
    expect(response.status).toBe(431);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(Number(response.headers['content-length'])).toBe(Buffer.byteLength(response.body));
    expectThemedError(response.body, ERRORS.HEADERS_TOO_LARGE.message);
  });

  it('headers over the limit on an API path: the catalog body, 431', async () => {
    const response = await rawRequest(
      requestHead('/api/commerce/shopping-cart', {
        Accept: 'application/json',
        Cookie: `big=${'x'.repeat(20 * 1024)}`,
      }),
    );
    expect(response.status).toBe(431);
    expect(JSON.parse(response.body)).toEqual({
      error: { code: 'HEADERS_TOO_LARGE', message: ERRORS.HEADERS_TOO_LARGE.message },
    });
  });

  it('headers just under the limit are read as usual', async () => {
    const response = await rawRequest(
      requestHead('/robots.txt', { Cookie: `big=${'x'.repeat(MAX_HEADER_BYTES - 1024)}` }),
    );
    expect(response.status).toBe(200);
  });
});
