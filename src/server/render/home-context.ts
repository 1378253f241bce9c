/**
 * The home page's template data from the site file's `homePage` settings: the hero and the
 * collection teaser with their pictures (product images named by id, with their renditions and
 * focal points), the featured products' heading, and the newsletter block's form as a page form
 * block. A block the settings leave out is absent, and the template skips it.
 */
import { readSiteContextSettings } from '../../shared/site-context/settings.ts';
import type { AppDb } from '../db/index.ts';
import type { CurrentSite } from '../http/current-site.ts';
import { productImages } from '../modules/catalog/index.ts';
import { imageAsset } from '../modules/images/index.ts';
import { pageFormBlocks } from './content-context.ts';

export async function homeContext(db: AppDb, site: CurrentSite) {
  const { homePage } = readSiteContextSettings(site.settings);
  const { hero, featured, collectionTeaser, newsletter } = homePage;
  const imageIds = [hero?.image, collectionTeaser?.image].filter(
    (id): id is string => id !== undefined,
  );
  const [images, forms] = await Promise.all([
    productImages(db, site.id, imageIds),
    newsletter
      ? pageFormBlocks(db, site, {
          id: 'home',
          title: site.title,
          fullUrl: '/',
          blocks: [{ type: 'newsletter', formId: newsletter.formId }],
        })
      : Promise.resolve([]),
  ]);
  const picture = (id: string | undefined) => {
    const stored = id === undefined ? undefined : images.get(id);
    if (!stored) return undefined;
    const asset = imageAsset(stored);
    const { x, y } = asset.mediaFocalPoint;
    // The focal point to the nearest quarter, as the theme's classes for object-position (the
    // page's policy allows no inline style): a crop keeps what matters in view.
    const quarter = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 4) * 25;
    return { ...asset, focusClass: `focus-x-${quarter(x)} focus-y-${quarter(y)}` };
  };
  return {
    hero: hero ? { ...hero, picture: picture(hero.image) } : undefined,
    featured,
    collectionTeaser: collectionTeaser
      ? { ...collectionTeaser, picture: picture(collectionTeaser.image) }
      : undefined,
    newsletter: newsletter && forms[0] ? { ...newsletter, formBlock: forms[0] } : undefined,
  };
}
