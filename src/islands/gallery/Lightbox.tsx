/**
 * The lightbox: a native <dialog> opened with showModal() (focus kept inside, Esc closes it),
 * dark or light, showing one large picture with its meta when show-meta-basic is on. Arrow keys
 * and swipes move between pictures; closing returns focus to the link that opened it.
 */
import { useEffect, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import type { GalleryItem } from '../../shared/gallery/block.ts';
import type { GalleryOptions } from '../../shared/gallery/enums.ts';
import { altOf } from './GalleryFigure.tsx';
import { StepButtons } from './StepButtons.tsx';
import { GALLERY_STRINGS } from './strings.ts';
import { useSwipe } from './use-swipe.ts';

export interface LightboxProps {
  readonly id: string;
  readonly items: readonly GalleryItem[];
  readonly options: GalleryOptions;
  /** The picture shown; null while closed. */
  readonly index: number | null;
  readonly onNavigate: (index: number) => void;
  readonly onClose: () => void;
}

const LIGHTBOX_STEP_CLASSES = {
  previous: 'gallery-lightbox-button gallery-lightbox-previous',
  next: 'gallery-lightbox-button gallery-lightbox-next',
};

export function Lightbox({ id, items, options, index, onNavigate, onClose }: LightboxProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const count = items.length;
  const open = index !== null;

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  const step = (direction: 1 | -1) => {
    if (index !== null) onNavigate((index + direction + count) % count);
  };
  const swipe = useSwipe(step);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'ArrowRight') step(1);
    else if (event.key === 'ArrowLeft') step(-1);
    else return;
    event.preventDefault();
  };
  // A click on the backdrop lands on the dialog element itself.
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) dialog.current?.close();
  };

  const item = index === null ? undefined : items[index];
  const description = options['show-meta-only-title'] ? '' : (item?.description ?? '');
  const showMeta = options['show-meta-basic'] && item && (item.title || description);
  return (
    <dialog
      ref={dialog}
      id={`${id}-lightbox`}
      className={`gallery-lightbox gallery-lightbox--${options.lightboxTheme}`}
      aria-label={GALLERY_STRINGS.viewer}
      onClose={onClose}
      onClick={onClick}
      onKeyDown={onKeyDown}
      onPointerDown={swipe.onPointerDown}
      onPointerUp={swipe.onPointerUp}
    >
      {item && index !== null && (
        <>
          {/* First in order, so showModal() focuses it. */}
          <button
            type="button"
            className="gallery-lightbox-button gallery-lightbox-close"
            aria-label={GALLERY_STRINGS.close}
            onClick={() => dialog.current?.close()}
          >
            <span aria-hidden="true">×</span>
          </button>
          <figure className="gallery-lightbox-figure">
            <img
              className="gallery-lightbox-image"
              src={item.picture.large}
              srcSet={item.picture.srcset || undefined}
              sizes={item.picture.srcset ? '100vw' : undefined}
              width={item.picture.width}
              height={item.picture.height}
              alt={altOf(item, index, count)}
            />
            {showMeta && (
              <figcaption className="gallery-lightbox-meta">
                {item.title && <span className="gallery-meta-title">{item.title}</span>}
                {description && <span className="gallery-meta-description">{description}</span>}
              </figcaption>
            )}
          </figure>
          <p className="gallery-lightbox-count" aria-live="polite">
            {GALLERY_STRINGS.position(index, count)}
          </p>
          {count > 1 && <StepButtons classes={LIGHTBOX_STEP_CLASSES} onStep={step} />}
        </>
      )}
    </dialog>
  );
}
