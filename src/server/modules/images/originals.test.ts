import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAX_ORIGINAL_BYTES } from './limits.ts';
import { ImageRejectedError, storeOriginal } from './originals.ts';
import { renderWithSharp } from './render.ts';

const store = () => mkdtempSync(path.join(tmpdir(), 'vitrine-originals-'));
const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#8a6236' } });

describe('storeOriginal', () => {
  it('stores the same bytes once, under one version', async () => {
    const directory = store();
    const bytes = await picture(60, 40).png().toBuffer();
    const first = await storeOriginal(directory, bytes);
    const second = await storeOriginal(directory, bytes);
    expect(second).toEqual(first);
    expect(first).toMatchObject({ format: 'png', width: 60, height: 40 });
    expect(readdirSync(directory)).toEqual([`${first.version}.png`]);
  });

  it('reads AVIF as avif and WebP as webp', async () => {
    const directory = store();
    const avif = await storeOriginal(directory, await picture(64, 48).avif().toBuffer());
    const webp = await storeOriginal(directory, await picture(64, 48).webp().toBuffer());
    expect([avif.format, webp.format]).toEqual(['avif', 'webp']);
    expect(readdirSync(directory).sort()).toEqual(
      [`${avif.version}.avif`, `${webp.version}.webp`].sort(),
    );
  });

  it('gives the upright size of a photo turned by its EXIF orientation, and renders it upright', async () => {
    // 80 × 50 pixels stored, orientation 6: shown turned a quarter, 50 wide and 80 tall.
    const bytes = await picture(80, 50).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const original = await storeOriginal(store(), bytes);
    expect([original.width, original.height]).toEqual([50, 80]);
    const rendition = await sharp(await renderWithSharp(bytes, 100, 'jpeg')).metadata();
    expect([rendition.width, rendition.height]).toEqual([50, 80]);
  });

  it('refuses pictures in other formats, files that are no picture, and files over the size limit', async () => {
    const directory = store();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    await expect(storeOriginal(directory, svg)).rejects.toThrow(
      new ImageRejectedError('Images must be JPEG, PNG, WebP, GIF or AVIF; this one is svg'),
    );
    const tiff = await picture(10, 10).tiff().toBuffer();
    await expect(storeOriginal(directory, tiff)).rejects.toThrow(/this one is tiff/);
    await expect(storeOriginal(directory, Buffer.from('GIF89a… not really'))).rejects.toThrow(
      'Not an image file that can be read (JPEG, PNG, WebP, GIF, AVIF)',
    );
    await expect(storeOriginal(directory, Buffer.alloc(MAX_ORIGINAL_BYTES + 1))).rejects.toThrow(
      `The image file is ${MAX_ORIGINAL_BYTES + 1} bytes; at most ${MAX_ORIGINAL_BYTES} bytes are accepted`,
    );
    expect(readdirSync(directory)).toEqual([]);
  });
});
