import { BadgeCheck, Clock, Leaf, Pause, Play, ShieldCheck, Users } from "lucide-react";
import { useEffect, useState, type ComponentType, type SVGProps } from "react";

import { homeMessages } from "~/lib/messages/home.fr";
import { cn } from "~/lib/utils";

import { usePrefersReducedMotion } from "./use-prefers-reduced-motion";

const t = homeMessages;

/** docs/product.md, section 9: the hero badges rotate every 3 s. */
const ROTATION_MS = 3000;

const HIGHLIGHTS: { Icon: ComponentType<SVGProps<SVGSVGElement>>; label: string }[] = [
  { Icon: ShieldCheck, label: "Garantie qualité 100\u00a0%" },
  { Icon: Users, label: "Plus de 10\u00a0000 clients satisfaits" },
  { Icon: Clock, label: "90\u00a0min en moyenne" },
  { Icon: BadgeCheck, label: "Équipes assurées et ponctuelles" },
  { Icon: Leaf, label: "Engagés contre les émissions de CO₂" },
];

/**
 * The hero's highlights, one at a time, changing every 3 s. All of them are in the HTML and read
 * by screen readers as one list; only the eyes see them take turns. The rotation has a pause
 * button (WCAG 2.2.2) and does not run for readers who prefer less motion: they see the whole
 * list at once, laid out by CSS even before the page is interactive.
 */
export function RotatingBadges({ className }: { className?: string }) {
  const reduceMotion = usePrefersReducedMotion();
  const [active, setActive] = useState(0);
  const [paused, setPaused] = useState(false);
  const rotating = !reduceMotion && !paused;

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setInterval(
      () => setActive((index) => (index + 1) % HIGHLIGHTS.length),
      ROTATION_MS,
    );
    return () => window.clearInterval(timer);
  }, [rotating]);

  return (
    <div className={cn("flex items-center gap-2", className)}>
      <button
        type="button"
        onClick={() => setPaused((value) => !value)}
        aria-label={paused ? t.resumeHighlights : t.pauseHighlights}
        title={paused ? t.resumeHighlights : t.pauseHighlights}
        className="inline-flex size-8 shrink-0 items-center justify-center rounded-full border bg-card text-muted-foreground shadow-sm transition-colors hover:bg-accent hover:text-accent-foreground motion-reduce:hidden"
      >
        {paused ? (
          <Play aria-hidden="true" className="size-4" />
        ) : (
          <Pause aria-hidden="true" className="size-4" />
        )}
      </button>
      <ul aria-label={t.highlights} className="flex flex-wrap gap-2 motion-safe:grid">
        {HIGHLIGHTS.map(({ Icon, label }, index) => (
          <li
            key={label}
            data-state={index === active ? "active" : "inactive"}
            className="inline-flex items-center gap-2 rounded-full border bg-card px-3 py-1.5 text-sm font-medium text-card-foreground shadow-sm motion-safe:col-start-1 motion-safe:row-start-1 motion-safe:w-fit motion-safe:transition-[opacity,translate] motion-safe:duration-500 motion-safe:data-[state=inactive]:translate-y-2 motion-safe:data-[state=inactive]:opacity-0"
          >
            <Icon aria-hidden="true" className="size-4 shrink-0 text-primary" />
            {label}
          </li>
        ))}
      </ul>
    </div>
  );
}
