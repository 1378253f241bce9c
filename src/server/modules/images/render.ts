/** One rendition made with sharp: upright, at most `width` pixels wide, in `format`. */
import sharp from 'sharp';
import type { ImageFormat } from './formats.ts';
import { MAX_INPUT_PIXELS } from './limits.ts';

export type RenderImage = (original: Buffer, width: number, format: ImageFormat) => Promise<Buffer>;

export const renderWithSharp: RenderImage = async (original, width, format) => {
  // limitInputPixels guards against a file whose header lies about a small size;
  // withoutEnlargement keeps a narrow original at its own width (never upscaled).
  const pipeline = sharp(original, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize({ width, withoutEnlargement: true });
  switch (format) {
    case 'jpeg':
      return pipeline.jpeg({ quality: 80, mozjpeg: true }).toBuffer();
    case 'webp':
      return pipeline.webp({ quality: 78 }).toBuffer();
    case 'avif':
      // Effort 2 of 9: a first request should not wait seconds for the smallest file.
      return pipeline.avif({ quality: 55, effort: 2 }).toBuffer();
    case 'png':
      return pipeline.png({ compressionLevel: 9 }).toBuffer();
    case 'gif':
      return pipeline.gif().toBuffer();
  }
};
