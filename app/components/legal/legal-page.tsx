import { ArrowLeft, House } from "lucide-react";
import { useId, type MouseEvent, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";

import { Button } from "~/components/ui/button";
import { messages } from "~/lib/messages.fr";
import { cn } from "~/lib/utils";
import { formatLongDate } from "~/lib/long-date";

/** The date of the current version of both legal pages (docs/product.md, section 9). */
export const LEGAL_LAST_UPDATED = "2025-09-23";

export interface LegalSection {
  /** French slug used as the anchor (e.g. 'droit-applicable'). */
  id: string;
  title: string;
  content: ReactNode;
}

interface LegalPageProps {
  title: string;
  /** ISO date (yyyy-MM-dd) of the last update. */
  updatedAt: string;
  intro?: ReactNode;
  sections: readonly LegalSection[];
}

/**
 * Readable styles for the legal text inside each section: paragraphs, lists, sub-headings,
 * links (underlined, so they stand out without relying on colour) and definition lists.
 */
const proseClasses = cn(
  "space-y-4 text-base leading-7 text-foreground",
  "[&_h3]:pt-2 [&_h3]:text-lg [&_h3]:leading-snug [&_h3]:font-semibold",
  "[&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6",
  "[&_li]:pl-1 [&_li::marker]:text-muted-foreground",
  "[&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 [&_a:hover]:decoration-2",
  "[&_strong]:font-semibold",
  "[&_dl]:grid [&_dl]:gap-x-4 [&_dl]:gap-y-1 sm:[&_dl]:grid-cols-[auto_1fr] [&_dt]:font-semibold",
);

/**
 * Whether the browser's back step leads to a page the visitor came from: an earlier entry of this
 * app (React Router numbers them in `history.state.idx`), or a page that linked here. A tab opened
 * on this page, or an address typed by hand, has none: 'Retour' then goes home.
 */
function hasPreviousPage(): boolean {
  const state: unknown = window.history.state;
  const idx = typeof state === "object" && state !== null && "idx" in state ? state.idx : 0;
  if (typeof idx === "number" && idx > 0) return true;
  return window.history.length > 1 && document.referrer !== "";
}

/** 'Retour' (previous page, or home when there is none) and 'Retour à l'accueil'. */
function LegalActions({ className }: { className?: string }) {
  const navigate = useNavigate();

  function goBack() {
    if (hasPreviousPage()) void navigate(-1);
    else void navigate("/");
  }

  return (
    <div className={cn("flex flex-wrap items-center gap-2", className)}>
      <Button type="button" variant="outline" onClick={goBack}>
        <ArrowLeft aria-hidden="true" />
        Retour
      </Button>
      <Button asChild variant="ghost">
        <Link to="/">
          <House aria-hidden="true" />
          {messages.notFound.home}
        </Link>
      </Button>
    </div>
  );
}

/**
 * Scrolls to a section without adding a history entry, so that 'Retour' still leaves the page,
 * and moves the focus to its heading. Without JavaScript the plain anchor does the job.
 */
function jumpToSection(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const section = document.getElementById(id);
  const heading = document.getElementById(`${id}-titre`);
  if (!section) return;
  event.preventDefault();
  const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  section.scrollIntoView({ behavior: reduceMotion ? "auto" : "smooth", block: "start" });
  window.history.replaceState(window.history.state, "", `#${id}`);
  heading?.focus({ preventScroll: true });
}

/** The shared layout of the privacy policy and the terms of use. */
export function LegalPage({ title, updatedAt, intro, sections }: LegalPageProps) {
  const tocId = useId();

  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-10 sm:py-14">
      <LegalActions />

      <header className="mt-8 border-b border-border pb-8">
        <h1 className="text-3xl font-bold tracking-tight text-balance text-foreground sm:text-4xl">
          {title}
        </h1>
        <p className="mt-3 text-sm text-muted-foreground">
          Dernière mise à jour&nbsp;: <time dateTime={updatedAt}>{formatLongDate(updatedAt)}</time>
        </p>
        {intro ? <div className={cn(proseClasses, "mt-6")}>{intro}</div> : null}
      </header>

      <nav aria-labelledby={tocId} className="mt-8 rounded-lg border border-border bg-card p-5 sm:p-6">
        <p id={tocId} className="font-semibold text-card-foreground">
          Table des matières
        </p>
        <ol className="mt-3 space-y-1.5 text-sm sm:columns-2 sm:gap-8">
          {sections.map((section, index) => (
            <li key={section.id} className="flex break-inside-avoid gap-2">
              <span aria-hidden="true" className="w-6 shrink-0 text-right text-muted-foreground tabular-nums">
                {index + 1}.
              </span>
              <a
                href={`#${section.id}`}
                onClick={(event) => jumpToSection(event, section.id)}
                className="rounded-sm text-card-foreground underline decoration-border underline-offset-4 transition-colors hover:text-primary hover:decoration-primary"
              >
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      <div className="mt-10 space-y-12">
        {sections.map((section, index) => (
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={`${section.id}-titre`}
            className="scroll-mt-24"
          >
            <h2
              id={`${section.id}-titre`}
              tabIndex={-1}
              className="text-xl leading-snug font-semibold tracking-tight text-foreground sm:text-2xl"
            >
              <span className="mr-2 text-muted-foreground tabular-nums">{index + 1}.</span>
              {section.title}
            </h2>
            <div className={cn(proseClasses, "mt-4")}>{section.content}</div>
          </section>
        ))}
      </div>

      <LegalActions className="mt-14 border-t border-border pt-8" />
    </article>
  );
}
