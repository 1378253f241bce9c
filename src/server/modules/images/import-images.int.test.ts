import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import demo from '../../../../demo/site.json' with { type: 'json' };
import { createTestDatabase } from '../../../../test/helpers/db.ts';
import type { SiteFileInput } from '../../../shared/site-file/index.ts';
import { schema, type Database } from '../../db/index.ts';
import { DEMO_SITE_FILE } from '../../main.ts';
import { exportSite, importSite, SiteFileError } from '../site-import/index.ts';
import { imageDirectories } from './originals.ts';

let database: Database;
let cleanup: () => Promise<void>;
let siteDir: string;
let dataDir: string;

/** The demo with the notebook's images replaced by `images`. */
function siteWithNotebookImages(
  images: { id: string; url: string; focalPoint?: { x: number; y: number } }[],
) {
  const file = structuredClone(demo) as SiteFileInput;
  const notebook = file.products?.find((product) => product.id === 'field-notebook');
  if (!notebook) throw new Error('the demo has no field notebook');
  notebook.images = images;
  for (const variant of notebook.variants ?? []) delete variant.mainImageId;
  return file;
}

async function notebookImages() {
  const [row] = await database.db
    .select({ images: schema.products.images })
    .from(schema.products)
    .where(eq(schema.products.id, 'field-notebook'));
  return row?.images;
}

beforeAll(async () => {
  ({ database, cleanup } = await createTestDatabase());
  const root = mkdtempSync(path.join(tmpdir(), 'vitrine-import-images-'));
  siteDir = path.join(root, 'site');
  dataDir = path.join(root, 'data');
  // A copy of the demo's folder: the site file's image paths are relative to it.
  await mkdir(path.join(siteDir, 'images'), { recursive: true });
  const demoImages = path.join(path.dirname(DEMO_SITE_FILE), 'images');
  for (const name of readdirSync(demoImages))
    await copyFile(path.join(demoImages, name), path.join(siteDir, 'images', name));
  await writeFile(path.join(siteDir, 'images', 'broken.jpg'), 'not a picture');
});
afterAll(() => cleanup());

describe('importing a site with image files', () => {
  it('stores every image file and records its size, keeping web addresses as written', async () => {
    const file = siteWithNotebookImages([
      { id: 'cover', url: 'images/field-notebook.jpg', focalPoint: { x: 0.25, y: 0.75 } },
      { id: 'remote', url: 'https://cdn.example.com/notebook.jpg' },
    ]);
    await importSite(database, file, { images: { siteDir, dataDir } });
    const images = await notebookImages();
    expect(images).toEqual([
      {
        id: 'cover',
        url: 'images/field-notebook.jpg',
        focalPoint: { x: 0.25, y: 0.75 },
        original: {
          version: expect.stringMatching(/^[0-9a-f]{16}$/),
          format: 'jpeg',
          width: 1600,
          height: 2000,
        },
      },
      { id: 'remote', url: 'https://cdn.example.com/notebook.jpg' },
    ]);
    const stored = readdirSync(imageDirectories(dataDir).originals);
    expect(stored).toContain(`${images?.[0]?.original?.version}.jpg`);
    // Only files the site names: the web address was not fetched.
    expect(stored.every((name) => /^[0-9a-f]{16}\.jpg$/.test(name))).toBe(true);
  });

  it('exports the images as the file gave them, without the stored facts', async () => {
    const exported = await exportSite(database);
    const notebook = exported.products.find((product) => product.id === 'field-notebook');
    expect(notebook?.images).toEqual([
      { id: 'cover', url: 'images/field-notebook.jpg', focalPoint: { x: 0.25, y: 0.75 } },
      { id: 'remote', url: 'https://cdn.example.com/notebook.jpg' },
    ]);
  });

  it('refuses a file whose images are missing or not pictures, and changes nothing', async () => {
    const before = await notebookImages();
    const freshData = mkdtempSync(path.join(tmpdir(), 'vitrine-import-images-data-'));
    const file = siteWithNotebookImages([
      { id: 'gone', url: 'images/missing.jpg' },
      { id: 'broken', url: 'images/broken.jpg' },
    ]);
    const error = await importSite(database, file, {
      images: { siteDir, dataDir: freshData },
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SiteFileError);
    const productIndex = file.products?.findIndex((product) => product.id === 'field-notebook');
    expect((error as SiteFileError).errors).toEqual([
      expect.stringMatching(
        new RegExp(
          `^products\\[${productIndex}\\]\\.images\\[0\\]\\.url: No image file at images/missing\\.jpg`,
        ),
      ),
      `products[${productIndex}].images[1].url: Not an image file that can be read (JPEG, PNG, WebP, GIF, AVIF) (product "field-notebook")`,
    ]);
    expect(await notebookImages()).toEqual(before);
    // The refused files were not stored (the shirt's good ones may be: the store is keyed by
    // content, so they are simply found again by the next import).
    const broken = createHash('sha256').update('not a picture').digest('hex').slice(0, 16);
    const store = imageDirectories(freshData).originals;
    const stored = existsSync(store) ? readdirSync(store) : [];
    expect(stored.some((name) => name.startsWith(broken))).toBe(false);
  });

  it.each([
    ['../outside.jpg', 'a path out of the folder'],
    ['images/../../outside.jpg', 'a path out of the folder'],
    ['javascript:alert(1)', 'another scheme'],
    ['file:///etc/passwd', 'another scheme'],
    ['images\\shirt.jpg', 'a backslash'],
  ])('refuses the image url %j (%s) before reading anything', async (url) => {
    const error = await importSite(database, siteWithNotebookImages([{ id: 'bad', url }]), {
      images: { siteDir, dataDir },
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SiteFileError);
    expect((error as SiteFileError).errors.join('\n')).toContain(
      'Must be an https:// address, a site path ("/…") or a file inside the site file\'s folder (no "..")',
    );
  });

  it('refuses a focal point outside 0–1', async () => {
    const error = await importSite(
      database,
      siteWithNotebookImages([
        { id: 'cover', url: 'images/field-notebook.jpg', focalPoint: { x: 1.5, y: 0.5 } },
      ]),
      { images: { siteDir, dataDir } },
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SiteFileError);
    expect((error as SiteFileError).errors.join('\n')).toMatch(/focalPoint\.x: Must be 0–1/);
  });
});
