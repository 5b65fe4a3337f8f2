import { useLayoutEffect, useRef } from "react";
import { useLocation } from "react-router";

import { prefersReducedMotion } from "./use-prefers-reduced-motion";

/** docs/product.md, section 9: a link with a hash scrolls to its element after 100 ms. */
const HASH_SCROLL_DELAY_MS = 100;

function targetId(hash: string): string | null {
  if (hash.length < 2) return null;
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return null;
  }
}

/**
 * Scrolls smoothly to the element named by the location's hash, 100 ms after the hash changes:
 * a header link on this page, or an arrival at /#section from another page. Instant when the
 * reader prefers less motion. The sections' `scroll-margin-top` keeps them clear of the sticky
 * header.
 *
 * The router's <ScrollRestoration> jumps to the hash target in its own layout effect, which runs
 * right after this one in the same commit. For a hash change on this page, the page is put back
 * where it was in a microtask, before anything is painted, so that the move is a smooth one. An
 * arrival from another page keeps the jump: there is no earlier position on this page to go from.
 */
export function useHashScroll(): void {
  const { hash, key } = useLocation();
  const mounted = useRef(false);

  useLayoutEffect(() => {
    const arriving = !mounted.current;
    mounted.current = true;
    const id = targetId(hash);
    if (!id) return;
    const reduceMotion = prefersReducedMotion();
    if (!arriving && !reduceMotion) {
      const top = window.scrollY;
      queueMicrotask(() => window.scrollTo({ top, behavior: "instant" }));
    }
    const timer = window.setTimeout(() => {
      document
        .getElementById(id)
        ?.scrollIntoView({ behavior: reduceMotion ? "instant" : "smooth", block: "start" });
    }, HASH_SCROLL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [hash, key]);
}
