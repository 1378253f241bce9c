import { existsSync, readdirSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import { schema } from '../../db/index.ts';
import { DEMO_SITE_FILE } from '../../main.ts';
import { imageAsset } from './asset.ts';
import { imageDirectories, storeOriginal } from './originals.ts';
import { IMMUTABLE } from './routes.ts';

let harness: TestApp;
let dirs: { originals: string; renditions: string };
/** The sand linen shirt's image URL, as its template data gives it. */
let shirtUrl: string;
let shirtVersion: string;

const get = (url: string, headers: Record<string, string> = {}) =>
  harness.app.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  harness = await createTestApp();
  dirs = imageDirectories(harness.config.dataDir);
  const [shirt] = await harness.database.db
    .select()
    .from(schema.products)
    .where(eq(schema.products.id, 'linen-shirt'));
  const image = shirt?.images.find((candidate) => candidate.id === 'linen-shirt-sand');
  if (!image?.original) throw new Error('the demo shirt image was not stored on import');
  shirtVersion = image.original.version;
  shirtUrl = imageAsset(image).assetUrl;
});

afterAll(() => harness.close());

describe('demo import', () => {
  it("stores the shirt's image file and records its size", async () => {
    const [shirt] = await harness.database.db
      .select()
      .from(schema.products)
      .where(eq(schema.products.id, 'linen-shirt'));
    const image = shirt?.images.find((candidate) => candidate.id === 'linen-shirt-sand');
    expect(image?.original).toEqual({
      version: expect.stringMatching(/^[0-9a-f]{16}$/),
      format: 'jpeg',
      width: 1600,
      height: 2000,
    });
    const stored = await readFile(path.join(dirs.originals, `${shirtVersion}.jpg`));
    const shipped = await readFile(
      path.join(path.dirname(DEMO_SITE_FILE), 'images', 'linen-shirt-sand.jpg'),
    );
    expect(stored.equals(shipped)).toBe(true);
    expect(shirtUrl).toBe(`/images/${shirtVersion}/linen-shirt-sand.jpg`);
  });
});

describe('GET /images/{version}/{id}.{ext}?format=', () => {
  it('makes a rendition on the first request and serves it from the cache afterwards', async () => {
    const file = path.join(dirs.renditions, `${shirtVersion}-300w.jpg`);
    expect(existsSync(file)).toBe(false);

    const first = await get(`${shirtUrl}?format=300w`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/jpeg');
    expect(first.headers['cache-control']).toBe(IMMUTABLE);
    expect(first.headers.vary).toContain('Accept');
    expect(first.headers.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(first.headers['set-cookie']).toBeUndefined();
    const size = await sharp(first.rawPayload).metadata();
    expect([size.format, size.width, size.height]).toEqual(['jpeg', 300, 375]);
    expect(existsSync(file)).toBe(true);

    // Served from disk, not made again: the file keeps its time, and a marker put in its place
    // is what the next request gets.
    const madeAt = statSync(file).mtimeMs;
    const second = await get(`${shirtUrl}?format=300w`);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(statSync(file).mtimeMs).toBe(madeAt);
    await writeFile(file, 'cached bytes');
    const third = await get(`${shirtUrl}?format=300w`);
    expect(third.body).toBe('cached bytes');
    expect(third.headers.etag).not.toBe(first.headers.etag);
  });

  it('serves every bucket at its width', async () => {
    for (const width of [100, 500, 750, 1000, 1500]) {
      const response = await get(`${shirtUrl}?format=${width}w`);
      expect(response.statusCode).toBe(200);
      const size = await sharp(response.rawPayload).metadata();
      expect([size.width, size.height]).toEqual([width, Math.round(width * 1.25)]);
    }
  });

  it('answers 304 to a matching If-None-Match, strong or weak', async () => {
    const first = await get(`${shirtUrl}?format=500w`);
    const etag = String(first.headers.etag);
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await get(`${shirtUrl}?format=500w`, { 'if-none-match': header });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe(IMMUTABLE);
    }
    const stale = await get(`${shirtUrl}?format=500w`, { 'if-none-match': '"stale"' });
    expect(stale.statusCode).toBe(200);
  });

  it('answers WebP or AVIF to browsers that accept them, with their own ETag', async () => {
    const jpeg = await get(`${shirtUrl}?format=100w`);
    const webp = await get(`${shirtUrl}?format=100w`, {
      accept: 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8',
    });
    expect(webp.statusCode).toBe(200);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(webp.headers.vary).toContain('Accept');
    expect((await sharp(webp.rawPayload).metadata()).format).toBe('webp');
    expect(webp.headers.etag).not.toBe(jpeg.headers.etag);

    const avif = await get(`${shirtUrl}?format=100w`, { accept: 'image/avif,image/*' });
    expect(avif.headers['content-type']).toBe('image/avif');
    const avifSize = await sharp(avif.rawPayload).metadata();
    expect([avifSize.format, avifSize.width]).toEqual(['heif', 100]);

    const refused = await get(`${shirtUrl}?format=100w`, { accept: 'image/webp;q=0, */*' });
    expect(refused.headers['content-type']).toBe('image/jpeg');
    expect(readdirSync(dirs.renditions)).toEqual(
      expect.arrayContaining([
        `${shirtVersion}-100w.jpg`,
        `${shirtVersion}-100w.webp`,
        `${shirtVersion}-100w.avif`,
      ]),
    );
  });

  it('serves the original file as stored for format=original or no format', async () => {
    const shipped = await readFile(
      path.join(path.dirname(DEMO_SITE_FILE), 'images', 'linen-shirt-sand.jpg'),
    );
    for (const url of [`${shirtUrl}?format=original`, shirtUrl]) {
      const response = await get(url, { accept: 'image/webp' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/jpeg');
      expect(response.headers['cache-control']).toBe(IMMUTABLE);
      expect(response.rawPayload.equals(shipped)).toBe(true);
    }
  });

  it('never makes a rendition wider than the original', async () => {
    const small = await sharp({
      create: { width: 240, height: 160, channels: 3, background: '#336699' },
    })
      .png()
      .toBuffer();
    const { version } = await storeOriginal(dirs.originals, small);
    const response = await get(`/images/${version}/small.png?format=1500w`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    const size = await sharp(response.rawPayload).metadata();
    expect([size.width, size.height]).toEqual([240, 160]);
  });

  it('gives concurrent first requests the same rendition, made into one file', async () => {
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => get(`${shirtUrl}?format=750w`, { accept: 'image/webp' })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(6).fill(200));
    expect(new Set(responses.map((response) => response.headers.etag)).size).toBe(1);
    const files = readdirSync(dirs.renditions).filter((name) => name.endsWith('-750w.webp'));
    expect(files).toEqual([`${shirtVersion}-750w.webp`]);
    expect(readdirSync(dirs.renditions).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const full = await get(`${shirtUrl}?format=300w`);
    const head = await harness.app.inject({ method: 'HEAD', url: `${shirtUrl}?format=300w` });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers.etag).toBe(full.headers.etag);
    expect(head.headers['content-type']).toBe('image/jpeg');
  });

  it('answers 404 IMAGE_NOT_FOUND for an unknown image', async () => {
    for (const url of [
      '/images/ffffffffffffffff/linen-shirt-sand.jpg?format=300w',
      '/images/ffffffffffffffff/linen-shirt-sand.jpg',
      `/images/${shirtVersion}/linen-shirt-sand.png?format=300w`,
      `/images/${shirtVersion}/linen-shirt-sand.svg`,
      `/images/${shirtVersion.toUpperCase()}/linen-shirt-sand.jpg`,
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.code).toBe('IMAGE_NOT_FOUND');
      expect(response.headers['cache-control']).not.toBe(IMMUTABLE);
    }
  });

  it('answers 400 IMAGE_FORMAT_INVALID for a width that is not a bucket', async () => {
    for (const format of ['400w', '2500w', '300', 'webp', '300w&format=500w', '']) {
      const response = await get(`${shirtUrl}?format=${format}`);
      expect(response.statusCode, format).toBe(400);
      expect(response.json().error).toEqual({
        code: 'IMAGE_FORMAT_INVALID',
        message:
          'The image format must be one of 100w, 300w, 500w, 750w, 1000w, 1500w or original.',
      });
    }
  });

  it('refuses paths that try to leave the image store', async () => {
    for (const url of [
      '/images/..%2F..%2Fsession-secret/x.jpg',
      `/images/${shirtVersion}/..%2F..%2Fsession-secret`,
      `/images/${shirtVersion}/..%2Foriginals%2F${shirtVersion}.jpg`,
      `/images/..%2Foriginals/${shirtVersion}.jpg`,
      `/images/${shirtVersion}/%2E%2E.jpg`,
      '/images/../session-secret',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('BEGIN');
    }
  });

  it('answers 500 IMAGE_UNREADABLE for a damaged original, and keeps serving', async () => {
    const shipped = await readFile(
      path.join(path.dirname(DEMO_SITE_FILE), 'images', 'field-notebook.jpg'),
    );
    const damaged = 'abcdefabcdef0000';
    await writeFile(path.join(dirs.originals, `${damaged}.jpg`), shipped.subarray(0, 2000));
    const response = await get(`/images/${damaged}/notebook.jpg?format=300w`);
    expect(response.statusCode).toBe(500);
    expect(response.body).toContain('This image cannot be read.');
    expect(response.headers['cache-control']).not.toBe(IMMUTABLE);
    expect(readdirSync(dirs.renditions).some((name) => name.startsWith(damaged))).toBe(false);
    expect((await get(`${shirtUrl}?format=300w`)).statusCode).toBe(200);
  });
});
