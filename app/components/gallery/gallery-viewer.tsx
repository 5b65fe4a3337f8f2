import { ChevronLeft, ChevronRight, X, ZoomIn, ZoomOut } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";

import { Spinner } from "~/components/ui/spinner";
import { nextIndex, previousIndex } from "~/domain/gallery/navigation";
import type { GalleryItem } from "~/lib/gallery";
import { messages } from "~/lib/messages.fr";
import { galleryMessages } from "~/lib/messages/gallery.fr";
import { photosMessages } from "~/lib/messages/photos.fr";
import { cn } from "~/lib/utils";

import { ResponsivePicture } from "./responsive-picture";
import { usePointerGestures } from "./use-pointer-gestures";

const t = galleryMessages;
const p = photosMessages;

/** The viewer shows the image across the whole screen: let the browser pick the widest file it needs. */
const VIEWER_SIZES = "100vw";

interface GalleryViewerProps {
  images: readonly GalleryItem[];
  /** The image shown (0-based), or null when the viewer is closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** Where the focus goes back once the viewer has closed (the tile that opened it). */
  onCloseAutoFocus: (event: Event) => void;
}

/**
 * Full-screen image viewer (docs/product.md, section 4, 'Gallery viewer'): counter, previous and next buttons that
 * wrap around, a zoom toggle and a close button. Keys: ArrowLeft, ArrowRight, Z, and Escape (Radix).
 * Radix keeps the focus inside while it is open and hides the page from assistive technologies.
 */
export function GalleryViewer({
  images,
  index,
  onIndexChange,
  onClose,
  onCloseAutoFocus,
}: GalleryViewerProps) {
  const item = index === null ? undefined : images[index];

  return (
    <DialogPrimitive.Root open={item !== undefined} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/95 transition-opacity motion-reduce:transition-none starting:opacity-0" />
        {item !== undefined && index !== null ? (
          <ViewerContent
            images={images}
            index={index}
            item={item}
            onIndexChange={onIndexChange}
            onCloseAutoFocus={onCloseAutoFocus}
          />
        ) : null}
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

interface ViewerContentProps {
  images: readonly GalleryItem[];
  index: number;
  item: GalleryItem;
  onIndexChange: (index: number) => void;
  onCloseAutoFocus: (event: Event) => void;
}

/** Mounted only while open, so the zoom and loading states start afresh at every opening. */
function ViewerContent({ images, index, item, onIndexChange, onCloseAutoFocus }: ViewerContentProps) {
  const count = images.length;
  const [zoomed, setZoomed] = useState(false);
  /** A before/after pair opens on 'after'; the two buttons switch (only for the item shown). */
  const [beforeOf, setBeforeOf] = useState<string | null>(null);
  const showBefore = beforeOf === item.key;
  const setShowBefore = (before: boolean) => setBeforeOf(before ? item.key : null);
  const image = showBefore && item.before ? item.before : item.image;
  const [loadedSrc, setLoadedSrc] = useState<string | null>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  /** Where to centre the zoomed image, as fractions of its size (the middle by default). */
  const zoomFocus = useRef({ x: 0.5, y: 0.5 });
  const imageLoading = loadedSrc !== image.src;

  function goTo(target: number) {
    setZoomed(false);
    onIndexChange(target);
  }
  const showPrevious = () => goTo(previousIndex(index, count));
  const showNext = () => goTo(nextIndex(index, count));

  function toggleZoom(focus = { x: 0.5, y: 0.5 }) {
    zoomFocus.current = focus;
    setZoomed((value) => !value);
  }

  const gestures = usePointerGestures({
    stageRef,
    zoomed,
    onSwipeLeft: showNext,
    onSwipeRight: showPrevious,
    onTap: (focus) => toggleZoom(focus),
  });

  // Once zoomed, scroll so that the point the visitor aimed at (or the middle) sits in the centre.
  useLayoutEffect(() => {
    const stage = stageRef.current;
    if (!stage || !zoomed) return;
    stage.scrollLeft = stage.scrollWidth * zoomFocus.current.x - stage.clientWidth / 2;
    stage.scrollTop = stage.scrollHeight * zoomFocus.current.y - stage.clientHeight / 2;
  }, [zoomed]);

  // Warm the cache with both neighbours, so that previous and next show up at once.
  useEffect(() => {
    for (const neighbour of [images[previousIndex(index, count)], images[nextIndex(index, count)]]) {
      if (!neighbour) continue;
      const preload = new Image();
      preload.sizes = VIEWER_SIZES;
      preload.srcset = neighbour.image.avifSrcSet ?? neighbour.image.webpSrcSet;
      preload.src = neighbour.image.src;
    }
  }, [images, index, count]);

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === "ArrowLeft") showPrevious();
    else if (event.key === "ArrowRight") showNext();
    else if (event.key === "z" || event.key === "Z") toggleZoom();
    else return;
    event.preventDefault();
  }

  const controlClasses =
    "inline-flex size-11 items-center justify-center rounded-full bg-white/10 text-white transition-colors hover:bg-white/25 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";

  return (
    <DialogPrimitive.Content
      onKeyDown={handleKeyDown}
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        closeRef.current?.focus();
      }}
      onCloseAutoFocus={onCloseAutoFocus}
      className="fixed inset-0 z-50 flex flex-col bg-black/80 text-white outline-none"
    >
      <DialogPrimitive.Title className="sr-only">{t.viewerTitle}</DialogPrimitive.Title>
      <DialogPrimitive.Description className="sr-only">{t.viewerHelp}</DialogPrimitive.Description>

      <div className="flex items-center justify-between gap-3 px-3 py-3 sm:px-5">
        <p className="text-sm font-medium tabular-nums sm:text-base">
          <span aria-hidden="true">
            {index + 1} / {count}
          </span>
          <span className="sr-only" aria-live="polite">
            {t.position(index + 1, count)}
          </span>
        </p>
        <div className="flex flex-wrap items-center justify-end gap-2">
          {item.before ? (
            <div role="group" aria-label={p.pair} className="flex rounded-full bg-white/10 p-1">
              {[
                { before: true, label: p.beforeLabel },
                { before: false, label: p.afterLabel },
              ].map((choice) => (
                <button
                  key={choice.label}
                  type="button"
                  aria-pressed={showBefore === choice.before}
                  onClick={() => setShowBefore(choice.before)}
                  className={cn(
                    "min-h-9 rounded-full px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white",
                    showBefore === choice.before ? "bg-white text-black" : "text-white hover:bg-white/20",
                  )}
                >
                  {choice.label}
                </button>
              ))}
            </div>
          ) : null}
          <button
            type="button"
            aria-pressed={zoomed}
            onClick={() => toggleZoom()}
            className={cn(controlClasses, "w-auto gap-2 px-4 text-sm font-medium")}
          >
            {zoomed ? (
              <ZoomOut aria-hidden="true" className="size-5" />
            ) : (
              <ZoomIn aria-hidden="true" className="size-5" />
            )}
            {zoomed ? t.zoomOut : t.zoomIn}
          </button>
          <DialogPrimitive.Close ref={closeRef} className={controlClasses}>
            <X aria-hidden="true" className="size-5" />
            <span className="sr-only">{messages.ui.close}</span>
          </DialogPrimitive.Close>
        </div>
      </div>

      <div className="relative min-h-0 flex-1">
        <div
          ref={stageRef}
          {...gestures}
          className={cn(
            "flex size-full overflow-auto overscroll-contain",
            zoomed ? "cursor-grab touch-auto active:cursor-grabbing" : "cursor-zoom-in touch-none",
          )}
        >
          <ResponsivePicture
            key={image.src}
            image={image}
            sizes={VIEWER_SIZES}
            decoding="async"
            draggable={false}
            onLoad={() => setLoadedSrc(image.src)}
            onError={() => setLoadedSrc(image.src)}
            className={cn(
              "m-auto h-auto shrink-0 object-contain transition-opacity duration-300 select-none motion-reduce:transition-none",
              zoomed ? "w-[200%] max-w-none" : "max-h-full w-auto max-w-full",
              imageLoading ? "opacity-0" : "opacity-100",
            )}
          />
        </div>
        {imageLoading ? (
          <div className="pointer-events-none absolute inset-0 flex items-center justify-center">
            <span className="inline-flex items-center gap-2 rounded-full bg-black/60 px-4 py-2 text-sm">
              <Spinner label={null} className="size-5" />
              <span role="status">{t.imageLoading}</span>
            </span>
          </div>
        ) : null}

        <button
          type="button"
          onClick={showPrevious}
          className={cn(
            controlClasses,
            "absolute top-1/2 left-2 -translate-y-1/2 bg-black/50 sm:left-4 sm:size-12",
          )}
        >
          <ChevronLeft aria-hidden="true" className="size-6" />
          <span className="sr-only">{t.previous}</span>
        </button>
        <button
          type="button"
          onClick={showNext}
          className={cn(
            controlClasses,
            "absolute top-1/2 right-2 -translate-y-1/2 bg-black/50 sm:right-4 sm:size-12",
          )}
        >
          <ChevronRight aria-hidden="true" className="size-6" />
          <span className="sr-only">{t.next}</span>
        </button>
      </div>

      <p className="px-4 py-3 text-center text-sm text-white/80">{image.alt}</p>
    </DialogPrimitive.Content>
  );
}
