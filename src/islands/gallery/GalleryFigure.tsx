/**
 * One image of a gallery: the picture (srcset, size reserved by width and height, cropped around
 * its focal point), the link it carries, and its meta (title, description) over it. Without
 * JavaScript the lightbox link opens the large picture itself; the island opens the lightbox.
 */
import type { MouseEvent } from 'react';
import type { GalleryItem } from '../../shared/gallery/block.ts';
import type { GalleryOptions } from '../../shared/gallery/enums.ts';
import { digitClasses } from '../../shared/gallery/style-classes.ts';
import { GALLERY_STRINGS } from './strings.ts';

export interface GalleryFigureProps {
  readonly item: GalleryItem;
  readonly index: number;
  readonly count: number;
  readonly options: GalleryOptions;
  /** The `sizes` of the picture's srcset for this design. */
  readonly sizes: string;
  readonly eager: boolean;
  readonly className?: string;
  /** Set once the island runs: opens the lightbox at this image, from this link. */
  readonly onOpen?: ((index: number, opener: HTMLElement) => void) | undefined;
}

export function altOf(item: GalleryItem, index: number, count: number): string {
  return item.alt || item.title || `Image ${GALLERY_STRINGS.position(index, count)}`;
}

export function GalleryImage({
  item,
  alt,
  sizes,
  eager,
  className,
}: {
  item: GalleryItem;
  alt: string;
  sizes: string;
  eager: boolean;
  className: string;
}) {
  const { picture } = item;
  const focal = [
    ...digitClasses('fx', picture.focalPoint.x * 100),
    ...digitClasses('fy', picture.focalPoint.y * 100),
  ];
  return (
    <img
      className={[className, ...focal, picture.width ? '' : 'gallery-image--unsized']
        .filter(Boolean)
        .join(' ')}
      src={picture.src}
      srcSet={picture.srcset || undefined}
      sizes={picture.srcset ? sizes : undefined}
      width={picture.width}
      height={picture.height}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}

function newWindowProps(newWindow: boolean) {
  return newWindow ? { target: '_blank', rel: 'noopener noreferrer' } : {};
}

function Meta({ item, options }: { item: GalleryItem; options: GalleryOptions }) {
  const description = options['show-meta-only-title'] ? '' : item.description;
  if (!item.title && !description) return null;
  const classes = [
    'gallery-meta',
    `gallery-meta--${options['meta-position']}`,
    options['show-meta-on-hover'] ? 'gallery-meta--on-hover' : '',
    ...digitClasses('mw', options['max-width']),
  ];
  // With the lightbox on the picture, the image's own link moves to its title.
  const titleLink = options.lightbox && item.link;
  return (
    <figcaption className={classes.filter(Boolean).join(' ')}>
      {item.title &&
        (titleLink ? (
          <a className="gallery-meta-title" href={item.link} {...newWindowProps(options.newWindow)}>
            {item.title}
            {options.newWindow && (
              <span className="visually-hidden"> {GALLERY_STRINGS.opensInNewWindow}</span>
            )}
          </a>
        ) : (
          <span className="gallery-meta-title">{item.title}</span>
        ))}
      {description && <span className="gallery-meta-description">{description}</span>}
    </figcaption>
  );
}

export function GalleryFigure(props: GalleryFigureProps) {
  const { item, index, count, options, sizes, eager, className, onOpen } = props;
  const alt = altOf(item, index, count);
  const image = (
    <GalleryImage item={item} alt={alt} sizes={sizes} eager={eager} className="gallery-image" />
  );
  let frame = image;
  if (options.lightbox) {
    const open = (event: MouseEvent<HTMLAnchorElement>) => {
      if (!onOpen || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      event.preventDefault();
      onOpen(index, event.currentTarget);
    };
    frame = (
      <a className="gallery-image-link" href={item.picture.large} onClick={open}>
        {image}
        <span className="visually-hidden"> {GALLERY_STRINGS.enlarge}</span>
      </a>
    );
  } else if (item.link) {
    frame = (
      <a className="gallery-image-link" href={item.link} {...newWindowProps(options.newWindow)}>
        {image}
        {options.newWindow && (
          <span className="visually-hidden"> {GALLERY_STRINGS.opensInNewWindow}</span>
        )}
      </a>
    );
  }
  return (
    <figure className={['gallery-figure', className].filter(Boolean).join(' ')}>
      {frame}
      {options['show-meta'] && <Meta item={item} options={options} />}
    </figure>
  );
}
