/**
 * The four designs. Each renders complete HTML on the server: every picture, link and meta is in
 * the page without JavaScript (the slideshow and slider scroll sideways, snapping to each
 * picture, and thumbnails link to their slide). Once the island runs (`enhanced`), it scrolls
 * them for its controls, keys and autoplay and makes hidden slides inert; the controls appear
 * over the frame. Nothing changes layout, so nothing moves.
 */
import type { ReactNode, RefObject } from 'react';
import type { GalleryBlock, GalleryItem } from '../../shared/gallery/block.ts';
import { nearestAspectRatio } from '../../shared/gallery/style-classes.ts';
import { GalleryFigure, GalleryImage, type GalleryFigureProps } from './GalleryFigure.tsx';
import { fullWidthSizes, gridSizes, sliderSizes, stripSizes } from './layout.ts';
import { StepButtons } from './StepButtons.tsx';
import { GALLERY_STRINGS } from './strings.ts';

export interface DesignProps {
  readonly block: GalleryBlock;
  readonly domId: string;
  readonly enhanced: boolean;
  readonly onOpen: ((index: number, opener: HTMLElement) => void) | undefined;
}

export interface CarouselProps extends DesignProps {
  readonly index: number;
  readonly go: (index: number) => void;
  /** Whether autoplay is advancing right now (the live region stays quiet meanwhile). */
  readonly playing: boolean;
  readonly viewport: RefObject<HTMLDivElement | null>;
  readonly strip: RefObject<HTMLUListElement | null>;
  /** Autoplay's Play/Pause button, shown over the frame. */
  readonly playButton: ReactNode;
}

export function slideId(domId: string, index: number): string {
  return `${domId}-slide-${index + 1}`;
}

/**
 * Picture `index` of the block as a figure: alike in every design (its place among the pictures,
 * the block's options, the lightbox opener) but for the srcset sizes, eager loading and class.
 */
function designFigure(
  { block, onOpen }: DesignProps,
  item: GalleryItem,
  index: number,
  layout: Pick<GalleryFigureProps, 'sizes' | 'eager' | 'className'>,
) {
  return (
    <GalleryFigure
      item={item}
      index={index}
      count={block.items.length}
      options={block.options}
      onOpen={onOpen}
      {...layout}
    />
  );
}

export function GridDesign(props: DesignProps) {
  const { options, items } = props.block;
  const ratio = options['square-thumbs'] ? 'square' : options['aspect-ratio'];
  const sizes = gridSizes(options);
  return (
    <ul className={`gallery-grid gallery-per-row-${options['thumbnails-per-row']}`}>
      {items.map((item, index) => (
        <li key={item.id} className="gallery-grid-item">
          {designFigure(props, item, index, {
            sizes,
            eager: index < options['thumbnails-per-row'],
            className: `gallery-ratio--${ratio}`,
          })}
        </li>
      ))}
    </ul>
  );
}

export function StackedDesign(props: DesignProps) {
  const { items } = props.block;
  const sizes = fullWidthSizes();
  return (
    <ul className="gallery-stack">
      {items.map((item, index) => (
        <li key={item.id} className="gallery-stack-item">
          {designFigure(props, item, index, { sizes, eager: index === 0 })}
        </li>
      ))}
    </ul>
  );
}

function ThumbnailStrip({ block, domId, enhanced, index, go, strip }: CarouselProps) {
  const { options, items } = block;
  if (!options.thumbnails || options['thumbnail-strip-height'] === 0) return null;
  return (
    <ul
      ref={strip}
      className={`gallery-strip${options['square-thumbs'] ? ' gallery-strip--square' : ''}`}
      aria-label={GALLERY_STRINGS.thumbnails}
    >
      {items.map((item, i) => (
        <li key={item.id} className="gallery-strip-item">
          <a
            className={`gallery-thumb${i === index ? ' is-active' : ''}`}
            href={`#${slideId(domId, i)}`}
            aria-current={enhanced && i === index ? 'true' : undefined}
            onClick={(event) => {
              if (!enhanced) return;
              event.preventDefault();
              go(i);
            }}
          >
            <GalleryImage
              item={item}
              alt=""
              sizes={stripSizes(item.picture, options)}
              eager={false}
              className="gallery-thumb-image"
            />
            <span className="visually-hidden">
              {GALLERY_STRINGS.showImage(i, items.length, item.title)}
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}

const CONTROL_CLASSES = {
  previous: 'gallery-control gallery-control--previous',
  next: 'gallery-control gallery-control--next',
};

function Controls({ block, enhanced, index, go }: CarouselProps) {
  const count = block.items.length;
  if (!enhanced || !block.options.controls || count < 2) return null;
  return (
    <StepButtons
      classes={CONTROL_CLASSES}
      onStep={(direction) => go((index + direction + count) % count)}
    />
  );
}

/**
 * What makes the slideshow's and the slider's scrolling group of slides: the island scrolls it
 * through `viewport`, and it is focusable, so the keyboard scrolls it too.
 */
function slidesViewport(viewport: RefObject<HTMLDivElement | null>) {
  return { ref: viewport, tabIndex: 0, role: 'group', 'aria-label': GALLERY_STRINGS.slides };
}

export function SlideshowDesign(props: CarouselProps) {
  const { block, domId, enhanced, index, playing, viewport } = props;
  const { items } = block;
  const first = items[0]?.picture;
  const frame = nearestAspectRatio(first?.width, first?.height);
  const sizes = fullWidthSizes();
  return (
    <>
      <div className={`gallery-frame gallery-ratio--${frame}`}>
        <div
          {...slidesViewport(viewport)}
          className="gallery-slides"
          aria-live={enhanced && !playing ? 'polite' : 'off'}
        >
          {items.map((item, i) => (
            <div
              key={item.id}
              id={slideId(domId, i)}
              className={`gallery-slide${i === index ? ' is-active' : ''}`}
              role="group"
              aria-roledescription="slide"
              aria-label={GALLERY_STRINGS.position(i, items.length)}
              aria-hidden={enhanced && i !== index ? true : undefined}
              inert={enhanced && i !== index}
            >
              {designFigure(props, item, i, { sizes, eager: i === 0 })}
            </div>
          ))}
        </div>
        <Controls {...props} />
        {props.playButton}
      </div>
      <ThumbnailStrip {...props} />
    </>
  );
}

export function SliderDesign(props: CarouselProps) {
  const { block, domId, index, viewport } = props;
  const { items } = block;
  return (
    <div className="gallery-frame gallery-slider-frame">
      <div {...slidesViewport(viewport)} className="gallery-slider">
        <ul className="gallery-slider-track">
          {items.map((item, i) => (
            <li
              key={item.id}
              id={slideId(domId, i)}
              className={`gallery-slider-item${i === index ? ' is-active' : ''}`}
            >
              {designFigure(props, item, i, { sizes: sliderSizes(item.picture), eager: i < 3 })}
            </li>
          ))}
        </ul>
      </div>
      <Controls {...props} />
      {props.playButton}
    </div>
  );
}
