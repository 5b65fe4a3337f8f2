import { ArrowLeft, LogOut, Menu } from "lucide-react";
import type { ComponentType } from "react";
import { useState } from "react";
import { Link, NavLink, useSubmit } from "react-router";

import { Button } from "~/components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from "~/components/ui/sheet";
import { messages } from "~/lib/messages.fr";
import { cn } from "~/lib/utils";
import { BrandLink } from "./brand-link";
import { skipToContent } from "./site-header";
import { ThemeToggle } from "./theme-toggle";
import { backOfficeMessages } from "~/lib/messages/back-office.fr";

const t = backOfficeMessages.shell;

/** One entry of a back-office menu: adding a page is one line in its area's list. */
export interface NavEntry {
  to: string;
  label: string;
  icon: ComponentType<{ className?: string; "aria-hidden"?: boolean | "true" }>;
  /** Active only on this exact path (the area's home). */
  end?: boolean;
}

export interface ShellPerson {
  name: string;
  /** The franchisee's zones, or 'Siège social'. */
  place: string;
}

/**
 * The frame of /admin* and /franchisee* (ADR 052): a sidebar from `lg`, a top bar with a menu
 * sheet below; the person's name and zone, the theme, a way back to the public site and sign-out.
 * No marketing header or footer, no 'Réserver', no customer contact button.
 */
export function BackOfficeShell({
  area,
  navLabel,
  links,
  person,
  children,
}: {
  area: string;
  navLabel: string;
  links: readonly NavEntry[];
  person: ShellPerson;
  children: React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <div className="flex min-h-dvh flex-1 flex-col lg:flex-row">
      <a
        href="#contenu"
        onClick={skipToContent}
        className="sr-only rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground focus:not-sr-only focus:absolute focus:top-3 focus:left-4 focus:z-50"
      >
        {messages.nav.skipToContent}
      </a>

      {/* Phone and tablet: a top bar with the area's name and the menu sheet. */}
      <header className="sticky top-0 z-40 flex h-14 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur lg:hidden">
        <Sheet open={open} onOpenChange={setOpen}>
          <SheetTrigger asChild>
            <Button type="button" variant="ghost" size="icon" aria-label={t.openMenu}>
              <Menu aria-hidden="true" className="size-5" />
            </Button>
          </SheetTrigger>
          <SheetContent side="left" className="flex w-72 max-w-[85vw] flex-col gap-4 overflow-y-auto p-4">
            <SheetTitle>{area}</SheetTitle>
            <SheetDescription className="sr-only">{t.menuTitle}</SheetDescription>
            <ShellNav label={navLabel} links={links} onNavigate={() => setOpen(false)} />
            <ShellFooter person={person} onNavigate={() => setOpen(false)} />
          </SheetContent>
        </Sheet>
        <p className="min-w-0 flex-1 truncate font-semibold">{area}</p>
        <ThemeToggle />
      </header>

      {/* Desktop: the sidebar. */}
      <aside className="sticky top-0 hidden h-dvh w-64 shrink-0 flex-col gap-6 overflow-y-auto border-r bg-muted/30 p-4 lg:flex">
        <div className="grid gap-1">
          <BrandLink nameClassName="text-sm" />
          <p className="pl-11 text-xs font-medium tracking-wide text-muted-foreground uppercase">{area}</p>
        </div>
        <ShellNav label={navLabel} links={links} />
        <ShellFooter person={person} withTheme />
      </aside>

      <main id="contenu" className="min-w-0 flex-1">
        <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-8">{children}</div>
      </main>
    </div>
  );
}

function ShellNav({
  label,
  links,
  onNavigate,
}: {
  label: string;
  links: readonly NavEntry[];
  onNavigate?: () => void;
}) {
  return (
    <nav aria-label={label}>
      <ul className="grid gap-1">
        {links.map(({ to, label: text, icon: Icon, end }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={end ?? false}
              prefetch="intent"
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  "flex min-h-11 items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-ring",
                  isActive
                    ? "bg-primary text-primary-foreground hover:bg-primary/90 hover:text-primary-foreground"
                    : "text-muted-foreground",
                )
              }
            >
              <Icon aria-hidden="true" className="size-4 shrink-0" />
              {text}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function ShellFooter({
  person,
  withTheme = false,
  onNavigate,
}: {
  person: ShellPerson;
  withTheme?: boolean;
  onNavigate?: () => void;
}) {
  const submit = useSubmit();
  return (
    <div className="mt-auto grid gap-3 border-t pt-4">
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <p className="sr-only">{t.signedInAs}</p>
          <p className="truncate text-sm font-semibold" data-testid="shell-person">
            {person.name}
          </p>
          <p className="text-xs text-muted-foreground" data-testid="shell-place">
            {person.place}
          </p>
        </div>
        {withTheme ? <ThemeToggle className="shrink-0" /> : null}
      </div>
      <Link
        to="/"
        onClick={onNavigate}
        className="flex min-h-11 items-center gap-2 rounded-md px-3 text-sm font-medium text-muted-foreground hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t.backToSite}
      </Link>
      <Button
        type="button"
        variant="outline"
        className="justify-start"
        onClick={() => void submit({ intent: "sign-out" }, { method: "post", action: "/auth" })}
      >
        <LogOut aria-hidden="true" />
        {t.signOut}
      </Button>
    </div>
  );
}
