/**
 * Gallery block island (docs/behaviour/galleries-and-images.md#gallery-option-set): grid, slideshow, slider and
 * stacked designs, server-rendered complete and hydrated for navigation by mouse, keyboard and
 * swipe, autoplay and the lightbox.
 *
 * Autoplay (slideshow and slider) advances every autoplay-duration seconds and pauses while the
 * pointer is over the gallery, while focus is inside it, while the lightbox is open, and from
 * the start when the visitor prefers reduced motion; a Play/Pause button overrides it.
 * Sizes travel as classes (style-classes.ts): the CSP allows no inline styles.
 */
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
} from 'react';
import { galleryBlockOf, galleryElementId, type GalleryBlock } from '../../shared/gallery/block.ts';
import { digitClasses } from '../../shared/gallery/style-classes.ts';
import {
  GridDesign,
  SliderDesign,
  SlideshowDesign,
  StackedDesign,
  type CarouselProps,
  type DesignProps,
} from './designs.tsx';
import { itemsOf, nearestItem, scrollToItem } from './layout.ts';
import { Lightbox } from './Lightbox.tsx';
import { GALLERY_STRINGS } from './strings.ts';
import { useAutoplay } from './use-autoplay.ts';
import { useReducedMotion } from './use-reduced-motion.ts';
import { useSwipe } from './use-swipe.ts';

export default function Gallery(props: Record<string, unknown>) {
  const block = useMemo(() => galleryBlockOf(props), [props]);
  if (!block || block.items.length === 0) return null;
  return <GalleryView block={block} />;
}

function rootClasses(block: GalleryBlock, enhanced: boolean): string {
  const { options } = block;
  return [
    'gallery',
    `gallery--${options.design}`,
    options['auto-crop'] ? 'gallery--crop' : 'gallery--fit',
    options.transparentBackground ? 'gallery--transparent' : '',
    `gallery--align-${options['active-alignment']}`,
    enhanced ? 'gallery--enhanced' : '',
    ...digitClasses('pad', options.padding),
    ...digitClasses('sh', options['thumbnail-strip-height']),
    ...digitClasses('sm', options['thumbnail-strip-margin']),
  ]
    .filter(Boolean)
    .join(' ');
}

function GalleryView({ block }: { block: GalleryBlock }) {
  const { options, items } = block;
  const count = items.length;
  const domId = galleryElementId(block.id);
  const carousel = options.design === 'slideshow' || options.design === 'slider';

  const [enhanced, setEnhanced] = useState(false);
  const [index, setIndex] = useState(0);
  const [hovering, setHovering] = useState(false);
  const [focusInside, setFocusInside] = useState(false);
  /** The visitor's own Play/Pause choice; until they make one, reduced motion decides. */
  const [pausedByVisitor, setPausedByVisitor] = useState<boolean | null>(null);
  const [lightboxIndex, setLightboxIndex] = useState<number | null>(null);
  const reducedMotion = useReducedMotion();

  const root = useRef<HTMLElement>(null);
  const viewport = useRef<HTMLDivElement>(null);
  const strip = useRef<HTMLUListElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const navigated = useRef(false);

  useEffect(() => setEnhanced(true), []);

  const go = useCallback(
    (next: number) => {
      navigated.current = true;
      // Focus on a slide about to be hidden moves to the slides' frame, not to the page.
      const slides = viewport.current;
      const focused = document.activeElement;
      if (slides && focused && focused !== slides && slides.contains(focused)) slides.focus();
      setIndex(((next % count) + count) % count);
    },
    [count],
  );

  // The slides scroll to the active one (the slider's sits as active-alignment says), and so
  // does the thumbnail strip. Scrolling is no layout shift: the page never moves.
  const indexNow = useRef(index);
  indexNow.current = index;
  /** Set while a scroll of ours is under way, so its end is not taken for the visitor's. */
  const scrollingToIndex = useRef(false);
  useEffect(() => {
    if (!navigated.current) return;
    const smooth = !reducedMotion;
    const alignment = options['active-alignment'];
    const slides = viewport.current;
    if (scrollToItem(slides, itemsOf(slides)[index], alignment, smooth))
      scrollingToIndex.current = true;
    const thumbs = strip.current?.querySelectorAll<HTMLElement>('.gallery-strip-item');
    scrollToItem(strip.current, thumbs?.[index], alignment, smooth);
  }, [index, options, reducedMotion]);

  // A visitor who scrolls the slides themselves (touch, trackpad) makes the picture they stop
  // at the active one. A scroll of ours that something cut short is finished instead.
  useEffect(() => {
    const slides = viewport.current;
    if (!slides || !carousel) return undefined;
    const settle = () => {
      const alignment = options['active-alignment'];
      const items = itemsOf(slides);
      if (scrollingToIndex.current) {
        scrollingToIndex.current = false;
        scrollToItem(slides, items[indexNow.current], alignment, false);
        return;
      }
      const nearest = nearestItem(slides, items, alignment);
      if (nearest !== undefined) setIndex(nearest);
    };
    slides.addEventListener('scrollend', settle);
    return () => slides.removeEventListener('scrollend', settle);
  }, [carousel, options]);

  const paused = pausedByVisitor ?? reducedMotion;
  const autoplay = carousel && options.autoplay && count > 1;
  const playing =
    autoplay && enhanced && !paused && !hovering && !focusInside && lightboxIndex === null;
  const advance = useCallback(() => setIndex((current) => (current + 1) % count), [count]);
  useAutoplay(playing, options['autoplay-duration'], index, advance);
  useEffect(() => {
    // Autoplay moves the slider too, without taking focus.
    if (playing) navigated.current = true;
  }, [playing, index]);

  const swipe = useSwipe((direction) => go(index + direction));

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!carousel || lightboxIndex !== null || event.altKey || event.metaKey || event.ctrlKey)
      return;
    if (event.key === 'ArrowRight') go(index + 1);
    else if (event.key === 'ArrowLeft') go(index - 1);
    else if (event.key === 'Home') go(0);
    else if (event.key === 'End') go(count - 1);
    else return;
    event.preventDefault();
  };
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget;
    if (!(next instanceof Node) || !event.currentTarget.contains(next)) setFocusInside(false);
  };

  const openLightbox = useCallback((at: number, from: HTMLElement) => {
    opener.current = from;
    setLightboxIndex(at);
  }, []);
  const closeLightbox = useCallback(() => {
    setLightboxIndex(null);
    opener.current?.focus();
  }, []);

  const design: DesignProps = {
    block,
    domId,
    enhanced,
    onOpen: enhanced && options.lightbox ? openLightbox : undefined,
  };
  // Over the frame, like the arrows, so it appears after hydration without moving anything.
  const playButton = enhanced && autoplay && (
    <button type="button" className="gallery-play" onClick={() => setPausedByVisitor(!paused)}>
      {paused ? GALLERY_STRINGS.play : GALLERY_STRINGS.pause}
    </button>
  );
  const carouselProps: CarouselProps = {
    ...design,
    index,
    go,
    playing,
    viewport,
    strip,
    playButton,
  };
  const titleId = `${domId}-title`;
  return (
    <section
      ref={root}
      id={domId}
      className={rootClasses(block, enhanced)}
      aria-labelledby={block.title ? titleId : undefined}
      aria-label={block.title ? undefined : GALLERY_STRINGS.defaultTitle}
      aria-roledescription={carousel ? 'carousel' : undefined}
      data-design={options.design}
      data-active-index={carousel ? index : undefined}
      onKeyDown={onKeyDown}
      onMouseEnter={() => setHovering(true)}
      onMouseLeave={() => setHovering(false)}
      onFocus={() => setFocusInside(true)}
      onBlur={onBlur}
      onPointerDown={carousel ? swipe.onPointerDown : undefined}
      onPointerUp={carousel ? swipe.onPointerUp : undefined}
    >
      {block.title && (
        <h2 className="gallery-title" id={titleId}>
          {block.title}
        </h2>
      )}
      {options.design === 'grid' && <GridDesign {...design} />}
      {options.design === 'stacked' && <StackedDesign {...design} />}
      {options.design === 'slideshow' && <SlideshowDesign {...carouselProps} />}
      {options.design === 'slider' && <SliderDesign {...carouselProps} />}
      {options.lightbox && (
        <Lightbox
          id={domId}
          items={items}
          options={options}
          index={lightboxIndex}
          onNavigate={setLightboxIndex}
          onClose={closeLightbox}
        />
      )}
    </section>
  );
}
