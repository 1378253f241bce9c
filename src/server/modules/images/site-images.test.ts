import { mkdtempSync, readdirSync } from 'node:fs';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { SiteFileError } from '../../../shared/site-file/index.ts';
import { MAX_INPUT_PIXELS } from './limits.ts';
import { imageDirectories } from './originals.ts';
import { imageUrlKind, storeSiteImages } from './site-images.ts';

/** A PNG whose header claims `width` × `height` with next to no pixel data behind it. */
function pngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(16))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

let siteDir: string;
let dataDir: string;

beforeAll(async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'vitrine-site-images-'));
  siteDir = path.join(root, 'site');
  dataDir = path.join(root, 'data');
  await mkdir(path.join(siteDir, 'images'), { recursive: true });
  const photo = await sharp({
    create: { width: 320, height: 200, channels: 3, background: '#c8a27a' },
  })
    .jpeg()
    .toBuffer();
  await writeFile(path.join(siteDir, 'images', 'photo.jpg'), photo);
  await writeFile(path.join(siteDir, 'images', 'notes.jpg'), 'not a picture');
  await writeFile(path.join(siteDir, 'images', 'huge.png'), pngHeader(10_000, 10_000));
  await writeFile(path.join(root, 'secret.jpg'), photo);
  await symlink(path.join(root, 'secret.jpg'), path.join(siteDir, 'images', 'escape.jpg'));
});

const product = (id: string, urls: string[]) => ({
  id,
  images: urls.map((url, index) => ({ id: `${id}-${index}`, url })),
});

describe('image url kinds', () => {
  it('tells web addresses, site paths and files apart', () => {
    expect(imageUrlKind('https://cdn.example.com/a.jpg')).toBe('web');
    expect(imageUrlKind('HTTP://cdn.example.com/a.jpg')).toBe('web');
    expect(imageUrlKind('/theme/a.jpg')).toBe('site-path');
    expect(imageUrlKind('images/a.jpg')).toBe('file');
  });
});

describe('storeSiteImages', () => {
  it('stores each file once by content hash and reads its size; web addresses are left alone', async () => {
    const stored = await storeSiteImages(
      [
        product('a', ['images/photo.jpg', 'https://cdn.example.com/x.jpg', '/theme/y.jpg']),
        product('b', ['images/photo.jpg', './images/photo.jpg']),
      ],
      { siteDir, dataDir },
    );
    expect([...stored.keys()]).toEqual(['images/photo.jpg', './images/photo.jpg']);
    const original = stored.get('images/photo.jpg');
    expect(original).toEqual({
      version: expect.stringMatching(/^[0-9a-f]{16}$/),
      format: 'jpeg',
      width: 320,
      height: 200,
    });
    expect(stored.get('./images/photo.jpg')).toEqual(original);
    expect(readdirSync(imageDirectories(dataDir).originals)).toEqual([`${original?.version}.jpg`]);
  });

  it('refuses missing files, non-pictures, oversized pictures and paths out of the folder, naming each', async () => {
    const error = await storeSiteImages(
      [
        product('shirt', ['images/missing.jpg', 'images/notes.jpg']),
        product('mug', ['images/huge.png', '../secret.jpg', 'images/escape.jpg']),
      ],
      { siteDir, dataDir: mkdtempSync(path.join(tmpdir(), 'vitrine-site-images-data-')) },
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SiteFileError);
    const lines = (error as SiteFileError).errors;
    expect(lines).toHaveLength(5);
    expect(lines[0]).toMatch(
      /^products\[0\]\.images\[0\]\.url: No image file at images\/missing\.jpg/,
    );
    expect(lines[0]).toContain('(product "shirt")');
    expect(lines[1]).toBe(
      'products[0].images[1].url: Not an image file that can be read (JPEG, PNG, WebP, GIF, AVIF) (product "shirt")',
    );
    expect(lines[2]).toBe(
      `products[1].images[0].url: The image is 10000 × 10000 pixels; at most ${MAX_INPUT_PIXELS} pixels are accepted (product "mug")`,
    );
    expect(lines[3]).toBe(
      `products[1].images[1].url: Must be a file inside the site file's folder (product "mug")`,
    );
    expect(lines[4]).toBe(
      `products[1].images[2].url: Must be a file inside the site file's folder (product "mug")`,
    );
  });
});
