import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../shared/errors.ts';
import { imageDirectories } from './originals.ts';
import type { RenderImage } from './render.ts';
import { createRenditions, type RenditionKey } from './renditions.ts';

const VERSION = '0123456789abcdef';
const key: RenditionKey = { version: VERSION, original: 'jpeg', width: 300, format: 'webp' };

let dirs: { originals: string; renditions: string };
let calls: number[];
/** A stand-in for sharp that records each rendition it is asked to make. */
const fakeRender: RenderImage = async (_original, width) => {
  calls.push(width);
  await new Promise((resolve) => setTimeout(resolve, 20));
  return Buffer.from(`rendition ${width}`);
};

beforeEach(async () => {
  dirs = imageDirectories(mkdtempSync(path.join(tmpdir(), 'vitrine-renditions-')));
  calls = [];
  await mkdir(dirs.originals, { recursive: true });
  await writeFile(path.join(dirs.originals, `${VERSION}.jpg`), 'original bytes');
});

describe('renditions', () => {
  it('are made on the first request, written to disk, and read from disk afterwards', async () => {
    const renditions = createRenditions({ ...dirs, render: fakeRender });
    expect((await renditions.rendition(key)).toString()).toBe('rendition 300');
    expect(readdirSync(dirs.renditions)).toEqual([`${VERSION}-300w.webp`]);
    expect((await renditions.rendition(key)).toString()).toBe('rendition 300');
    // A new process finds the file too: no second rendition.
    const restarted = createRenditions({ ...dirs, render: fakeRender });
    expect((await restarted.rendition(key)).toString()).toBe('rendition 300');
    expect(calls).toEqual([300]);
  });

  it('are made once for concurrent first requests', async () => {
    const renditions = createRenditions({ ...dirs, render: fakeRender });
    const answers = await Promise.all(Array.from({ length: 8 }, () => renditions.rendition(key)));
    expect(new Set(answers.map((bytes) => bytes.toString()))).toEqual(new Set(['rendition 300']));
    expect(calls).toEqual([300]);
    // Only the finished file: no temp file left behind.
    expect(readdirSync(dirs.renditions)).toEqual([`${VERSION}-300w.webp`]);
  });

  it('are kept apart by width and format', async () => {
    const renditions = createRenditions({ ...dirs, render: fakeRender });
    await renditions.rendition(key);
    await renditions.rendition({ ...key, width: 500 });
    await renditions.rendition({ ...key, format: 'jpeg' });
    expect(readdirSync(dirs.renditions).sort()).toEqual([
      `${VERSION}-300w.jpg`,
      `${VERSION}-300w.webp`,
      `${VERSION}-500w.webp`,
    ]);
  });

  it('answer IMAGE_NOT_FOUND for an original the store does not have', async () => {
    const renditions = createRenditions({ ...dirs, render: fakeRender });
    const missing = { ...key, version: 'ffffffffffffffff' };
    await expect(renditions.rendition(missing)).rejects.toMatchObject({ code: 'IMAGE_NOT_FOUND' });
    await expect(renditions.original('ffffffffffffffff', 'jpeg')).rejects.toBeInstanceOf(AppError);
    expect(calls).toEqual([]);
  });

  it('answer IMAGE_UNREADABLE when the original cannot be decoded, write nothing, and try again next time', async () => {
    let fail = true;
    const renditions = createRenditions({
      ...dirs,
      render: async (original, width, format) => {
        if (fail) throw new Error('VipsJpeg: premature end of input file');
        return fakeRender(original, width, format);
      },
    });
    await expect(renditions.rendition(key)).rejects.toMatchObject({
      code: 'IMAGE_UNREADABLE',
      status: 500,
    });
    expect(existsSync(dirs.renditions) ? readdirSync(dirs.renditions) : []).toEqual([]);
    fail = false;
    expect((await renditions.rendition(key)).toString()).toBe('rendition 300');
  });
});

describe('rendition work', () => {
  it('runs at most `concurrency` renders at once, and all of them in the end', async () => {
    let running = 0;
    let peak = 0;
    const renditions = createRenditions({
      ...dirs,
      concurrency: 2,
      render: async (_original, width) => {
        running += 1;
        peak = Math.max(peak, running);
        await new Promise((resolve) => setTimeout(resolve, 15));
        running -= 1;
        return Buffer.from(`rendition ${width}`);
      },
    });
    const widths = [100, 300, 500, 750, 1000, 1500] as const;
    const answers = await Promise.all(
      widths.map((width) => renditions.rendition({ ...key, width })),
    );
    expect(answers.map((bytes) => bytes.toString())).toEqual(
      widths.map((width) => `rendition ${width}`),
    );
    expect(peak).toBe(2);
  });
});
