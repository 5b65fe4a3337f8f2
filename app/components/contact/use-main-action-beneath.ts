import { useEffect, useState } from "react";

/**
 * The buttons of the page's forms and the actions of its cards ('Suivant', 'Soumettre ma
 * candidature', 'Changer la date'), and what a page marks `data-keep-clear` because it is read
 * there (a price's figures, the application's consent text); not what a dialog holds (the contact
 * dialog's own form, whose trigger must stay focusable).
 */
const MAIN_ACTIONS = [
  "main form button",
  'main form input[type="submit"]',
  'main [data-slot="card-footer"] button',
  'main [data-slot="card-footer"] a',
  // Anything else a page marks as its main action (the wizard's summary bar on a phone).
  "main [data-main-action]",
  "main [data-keep-clear]",
].join(", ");

/** The band at the bottom of the window where the floating button sits (1 rem + 3.5 rem + 1 rem, rounded up). */
export const FLOATING_BAND_PX = 96;

/**
 * True while a button of one of the page's forms or cards, or what a page keeps clear, lies in the
 * band at the bottom of the window where the floating contact button sits (ADR 047): the button
 * then steps aside so it never covers 'Soumettre ma candidature', a slot or a total. Follows the buttons a page adds or
 * removes (a wizard's next step) and the window's height. Watches nothing unless `enabled`.
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
      // The root is the window shrunk to its bottom band.
      const top = Math.max(0, window.innerHeight - FLOATING_BAND_PX);
      observer = new IntersectionObserver(
        (entries) => {
          for (const entry of entries) {
            if (entry.isIntersecting) inBand.add(entry.target);
            else inBand.delete(entry.target);
          }
          update();
        },
        { rootMargin: `-${top}px 0px 0px 0px` },
      );
      observed = Array.from(document.querySelectorAll(MAIN_ACTIONS)).filter(
        (el) => !el.closest('[role="dialog"]'),
      );
      for (const el of observed) observer.observe(el);
      update();
    };
    const schedule = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const now = Array.from(document.querySelectorAll(MAIN_ACTIONS)).filter(
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
