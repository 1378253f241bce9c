/** Images: originals stored on import, renditions in the spec's width buckets on request. */
export { imageAsset, imageSrc, imageUrl, DEFAULT_FOCAL_POINT, type ImageAsset } from './asset.ts';
export { registerImageRoutes, type ImageRouteDeps } from './routes.ts';
export { storeSiteImages, imageUrlKind, type SiteImageSource } from './site-images.ts';
export type { ImageOriginal } from './originals.ts';
export { siteFileImage, type SiteFileImage } from './site-file-image.ts';
