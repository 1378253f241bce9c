/** The gallery's words for assistive technology and its controls (English, like the theme's). */
export const GALLERY_STRINGS = {
  defaultTitle: 'Gallery',
  previous: 'Previous image',
  next: 'Next image',
  pause: 'Pause slideshow',
  play: 'Play slideshow',
  close: 'Close',
  viewer: 'Image viewer',
  opensInNewWindow: '(opens in a new window)',
  enlarge: 'View larger',
  slides: 'Images',
  thumbnails: 'Choose an image',
  position: (index: number, count: number) => `${index + 1} of ${count}`,
  showImage: (index: number, count: number, title: string) =>
    title ? `Show image ${index + 1} of ${count}: ${title}` : `Show image ${index + 1} of ${count}`,
} as const;
