import { describe, expect, it } from 'vitest';
import { formatOfExtension, renditionFormat } from './formats.ts';

describe('rendition format', () => {
  it('is WebP when the client names it, also beside AVIF', () => {
    expect(renditionFormat('image/avif,image/webp,image/apng,*/*;q=0.8', 'jpeg')).toBe('webp');
    expect(renditionFormat('image/webp', 'png')).toBe('webp');
  });

  it('is AVIF when the client names AVIF but not WebP', () => {
    expect(renditionFormat('image/avif,image/*;q=0.8', 'jpeg')).toBe('avif');
  });

  it("is the original's format without an Accept header, with wildcards only, or with q=0", () => {
    expect(renditionFormat(undefined, 'jpeg')).toBe('jpeg');
    expect(renditionFormat('*/*', 'png')).toBe('png');
    expect(renditionFormat('image/*', 'jpeg')).toBe('jpeg');
    expect(renditionFormat('image/webp;q=0, image/avif; q=0.0', 'jpeg')).toBe('jpeg');
  });

  it('makes still PNG renditions of GIF originals', () => {
    expect(renditionFormat(undefined, 'gif')).toBe('png');
  });

  it('maps file extensions to formats', () => {
    expect(formatOfExtension('jpg')).toBe('jpeg');
    expect(formatOfExtension('png')).toBe('png');
    expect(formatOfExtension('jpeg')).toBeNull();
    expect(formatOfExtension('svg')).toBeNull();
  });
});
