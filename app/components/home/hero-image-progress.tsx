import { useCallback, useEffect, useState, useSyncExternalStore, type RefObject } from "react";

import { Progress } from "~/components/ui/progress";
import { homeMessages } from "~/lib/messages/home.fr";

const t = homeMessages;

/** docs/product.md, section 9: the hero images are waited for 8 s at most, then the page goes on without them. */
const HERO_IMAGES_TIMEOUT_MS = 8000;

function imagesIn(frame: HTMLElement | null): HTMLImageElement[] {
  return frame ? Array.from(frame.querySelectorAll("img")) : [];
}

function warnFailed(image: HTMLImageElement) {
  console.warn(t.heroImageFailed(image.currentSrc || image.src));
}

/**
 * How many of the frame's images are settled (loaded or failed), read from the DOM, where the
 * images may have finished before React hydrated; null while unknown: on the server, during
 * hydration, and before the frame is in the page.
 */
function useSettledImages(frameRef: RefObject<HTMLElement | null>): number | null {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const controller = new AbortController();
      for (const image of imagesIn(frameRef.current)) {
        if (image.complete) {
          if (image.naturalWidth === 0) warnFailed(image);
          continue;
        }
        image.addEventListener("load", onChange, { signal: controller.signal });
        image.addEventListener(
          "error",
          () => {
            warnFailed(image);
            onChange();
          },
          { signal: controller.signal },
        );
      }
      return () => controller.abort();
    },
    [frameRef],
  );
  const getSnapshot = useCallback(() => {
    const frame = frameRef.current;
    return frame ? imagesIn(frame).filter((image) => image.complete).length : null;
  }, [frameRef]);
  return useSyncExternalStore(subscribe, getSnapshot, () => null);
}

/**
 * The loading indicator of the hero images (docs/product.md, section 2), drawn over the images' frame only:
 * the text and buttons of the hero are never covered or delayed. It shows the share of the images
 * loaded, appears only when they are still on their way once the page is interactive, and gives up
 * after 8 s with a console warning. A failed image is warned about and counts as done.
 */
export function HeroImageProgress({
  frameRef,
  total,
}: {
  frameRef: RefObject<HTMLElement | null>;
  total: number;
}) {
  const settled = useSettledImages(frameRef);
  const loading = settled !== null && settled < total;
  const [timedOut, setTimedOut] = useState(false);

  useEffect(() => {
    if (!loading) return;
    const timer = window.setTimeout(() => {
      console.warn(t.heroImagesTimeout(HERO_IMAGES_TIMEOUT_MS / 1000));
      setTimedOut(true);
    }, HERO_IMAGES_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [loading]);

  if (!loading || timedOut) return null;
  const percent = Math.round((settled / total) * 100);
  return (
    <div className="pointer-events-none absolute inset-0 flex items-center justify-center rounded-2xl bg-background/30">
      <div className="w-64 max-w-[85%] rounded-lg border bg-card p-4 text-card-foreground shadow-lg">
        <p className="flex items-baseline justify-between gap-3 text-sm font-medium">
          <span>{t.heroImagesLoading}</span>
          <span className="tabular-nums">{t.percent(percent)}</span>
        </p>
        <Progress value={percent} aria-label={t.heroImagesLoading} className="mt-3" />
      </div>
    </div>
  );
}
