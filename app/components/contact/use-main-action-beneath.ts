import { useEffect, useState } from "react";

/**
 * What the round button must never cover (ADR 047, amended for issue 33 item 5): the buttons of
 * the page's forms and the actions of its cards ('Suivant', 'Soumettre ma candidature'), the
 * choices of a form (a slot of the reschedule picker, the consent's text beside its box), the
 * figures of a summary (a total) and anything a page marks `data-keep-clear`; not what a dialog
 * holds (the contact dialog's own form, whose trigger must stay focusable). The footer reserves
 * the button's space below its last line instead (site-footer.tsx): at the bottom of a page, the
 * button stays where a visitor looks for it.
 */
const KEEP_CLEAR = [
  "main form button",
  'main form input[type="submit"]',
  'main [data-slot="card-footer"] button',
  'main [data-slot="card-footer"] a',
  // Anything else a page marks as its main action (the wizard's summary bar on a phone).
  "main [data-main-action]",
  'main [role="radio"]',
  "main label",
  "main dd",
  "main td",
  "main [data-keep-clear]",
].join(", ");

/** The square at the bottom right of the window where the floating button sits (1 rem + 3.5 rem + 1 rem, rounded up). */
export const FLOATING_BAND_PX = 96;

/**
 * True while something the button must not cover (KEEP_CLEAR) lies in the square at the bottom
 * right of the window where the floating contact button sits (ADR 047): the button then steps
 * aside so it never covers 'Soumettre ma candidature', a slot or a total. Follows what
 * a page adds or removes (a wizard's next step) and the window's size. Watches nothing unless
 * `enabled`.
 */
export function useMainActionBeneath(enabled: boolean): boolean {
  const [beneath, setBeneath] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let observer: IntersectionObserver | null = null;
    let observed: Element[] = [];
    const inBand = new Set<Element>();
    let frame = 0;

    const update = () => setBeneath(inBand.size > 0);
    const watch = () => {
      observer?.disconnect();
      inBand.clear();
      // The root is the window shrunk to the square at its bottom right.
      const top = Math.max(0, window.innerHeight - FLOATING_BAND_PX);
      const left = Math.max(0, document.documentElement.clientWidth - FLOATING_BAND_PX);
      observer = new IntersectionObserver(
        (entries) => {
          for (const entry of entries) {
            if (entry.isIntersecting) inBand.add(entry.target);
            else inBand.delete(entry.target);
          }
          update();
        },
        { rootMargin: `-${top}px 0px 0px -${left}px` },
      );
      observed = Array.from(document.querySelectorAll(KEEP_CLEAR)).filter(
        (el) => !el.closest('[role="dialog"]'),
      );
      for (const el of observed) observer.observe(el);
      update();
    };
    const schedule = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const now = Array.from(document.querySelectorAll(KEEP_CLEAR)).filter(
          (el) => !el.closest('[role="dialog"]'),
        );
        const same = now.length === observed.length && now.every((el, i) => el === observed[i]);
        if (!same) watch();
      });
    };

    watch();
    const mutations = new MutationObserver(schedule);
    const main = document.querySelector("main") ?? document.body;
    mutations.observe(main, { childList: true, subtree: true });
    window.addEventListener("resize", watch, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      mutations.disconnect();
      observer?.disconnect();
      window.removeEventListener("resize", watch);
    };
  }, [enabled]);
  return beneath;
}
