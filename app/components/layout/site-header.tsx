import { CalendarPlus, House, LayoutDashboard, LogIn, LogOut, Menu, X } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import { lazy, Suspense, useId, useState, type MouseEvent } from "react";
import { Form, Link, useLocation } from "react-router";

import { Button } from "~/components/ui/button";
import { messages } from "~/lib/messages.fr";
import { dashboardPathFor } from "~/lib/roles";
import { cn } from "~/lib/utils";
import { useRootData } from "~/lib/root-data";

import { Avatar, displayName, spaceLabel, type HeaderUser } from "./account";
import { BrandLink } from "./brand-link";
import { ThemeToggle, useForcedLightTheme } from "./theme-toggle";
import { useActiveSection } from "./use-active-section";
import { useScrolled } from "./use-scrolled";
import { useStartBooking } from "./use-start-booking";

const t = messages.nav;

// The account menu (and its menu library) loads only for people who are signed in (ADR 040); the
// server renders it at once.
const serverUserMenu = import.meta.env.SSR ? await import("./user-menu") : null;
const UserMenu =
  serverUserMenu?.UserMenu ??
  lazy(() => import("./user-menu").then((module) => ({ default: module.UserMenu })));

/** The landing sections of the home page, in page order (spec section 2). */
const SECTIONS = ["home", "about", "services", "gallery", "reviews", "franchise", "contact"] as const;

/** Spec: the bar turns 'scrolled' after 20 px; a section is active within 100 px of the top. */
const SCROLLED_THRESHOLD = 20;
const SECTION_OFFSET = 100;

/** Below `sm` the name wraps onto two lines, leaving room for the header's buttons. */
const BRAND_NAME_NARROW = "max-sm:max-w-28 max-sm:text-sm max-sm:whitespace-normal";

function isDashboardPath(pathname: string): boolean {
  return /^\/(admin|franchisee|client)(\/|$)/.test(pathname);
}

/** Moves focus to the page's main content; the plain anchor is the fallback without JavaScript. */
export function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById("contenu");
  if (!main) return;
  event.preventDefault();
  if (!main.hasAttribute("tabindex")) main.setAttribute("tabindex", "-1");
  main.focus({ preventScroll: true });
  main.scrollIntoView({ block: "start" });
}

/**
 * The sticky site header: brand, landing-section links, booking, theme, account, and below the
 * `lg` breakpoint a full-screen menu (spec section 2, 'Navigation and chrome').
 */
export function SiteHeader() {
  useForcedLightTheme();
  const { pathname } = useLocation();
  const user = useRootData()?.user ?? null;
  const scrolled = useScrolled(SCROLLED_THRESHOLD);
  const activeSection = useActiveSection(SECTIONS, SECTION_OFFSET, pathname === "/");
  const startBooking = useStartBooking();
  const onDashboard = isDashboardPath(pathname);

  return (
    <header
      data-scrolled={scrolled || undefined}
      className="sticky top-0 z-40 border-b border-transparent bg-background/90 backdrop-blur transition-[box-shadow,border-color] duration-200 data-scrolled:border-border data-scrolled:shadow-md supports-backdrop-filter:bg-background/80"
    >
      <a
        href="#contenu"
        onClick={skipToContent}
        className="sr-only rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground focus:not-sr-only focus:absolute focus:top-3 focus:left-4 focus:z-50"
      >
        {t.skipToContent}
      </a>
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4">
        <BrandLink className="mr-2" nameClassName={cn(BRAND_NAME_NARROW, "lg:max-xl:sr-only")} />

        <nav aria-label={t.main} className="hidden lg:block">
          <ul className="flex items-center">
            {SECTIONS.map((id) => (
              <li key={id}>
                <Link
                  to={`/#${id}`}
                  aria-current={activeSection === id ? "location" : undefined}
                  className="rounded-md px-2 py-2 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground aria-[current=location]:text-primary"
                >
                  {t.sections[id]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          {onDashboard ? (
            <Button asChild variant="outline" size="sm" className="max-sm:size-10 max-sm:px-0">
              <Link to="/">
                <House aria-hidden="true" />
                <span className="max-sm:sr-only">{t.homeButton}</span>
              </Link>
            </Button>
          ) : null}
          <ThemeToggle />
          <div className="hidden items-center gap-2 lg:flex">
            {user ? (
              <Suspense fallback={<span className="size-10" />}>
                <UserMenu user={user} compact={onDashboard} />
              </Suspense>
            ) : (
              <Button asChild variant="ghost">
                <Link to="/auth">
                  <LogIn aria-hidden="true" />
                  {messages.auth.signIn}
                </Link>
              </Button>
            )}
          </div>
          <Button type="button" onClick={startBooking} className="hidden sm:inline-flex">
            <CalendarPlus aria-hidden="true" />
            {t.book}
          </Button>
          <MobileMenu user={user} activeSection={activeSection} onBook={startBooking} />
        </div>
      </div>
    </header>
  );
}

/**
 * The full-screen menu below the `lg` breakpoint. A modal dialog: focus moves in and stays there,
 * Escape closes it, the page behind does not scroll, and focus returns to the menu button. It
 * closes on any navigation, because it is open only for the location where it was opened.
 */
function MobileMenu({
  user,
  activeSection,
  onBook,
}: {
  user: HeaderUser | null;
  activeSection: string | null;
  onBook: () => void;
}) {
  const location = useLocation();
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const open = openedAt === location.key;
  const close = () => setOpenedAt(null);
  const menuId = useId();

  return (
    <DialogPrimitive.Root open={open} onOpenChange={(next) => setOpenedAt(next ? location.key : null)}>
      <DialogPrimitive.Trigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label={open ? t.closeMenu : t.openMenu}
          aria-controls={menuId}
          className="lg:hidden"
        >
          <Menu aria-hidden="true" className="size-6" />
        </Button>
      </DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        {/* Radix locks the page's scroll through the overlay, so it stays even under a full-screen panel. */}
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-background lg:hidden" />
        <DialogPrimitive.Content
          id={menuId}
          aria-describedby={undefined}
          className="fixed inset-0 z-50 flex flex-col overflow-y-auto bg-background text-foreground transition-[opacity,translate] duration-200 motion-reduce:transition-none lg:hidden starting:translate-y-2 starting:opacity-0"
        >
          <div className="flex h-16 shrink-0 items-center gap-2 border-b px-4">
            <BrandLink onClick={close} nameClassName={BRAND_NAME_NARROW} />
            <DialogPrimitive.Title className="sr-only">{t.menu}</DialogPrimitive.Title>
            <div className="ml-auto flex items-center gap-1">
              <ThemeToggle />
              <DialogPrimitive.Close asChild>
                <Button variant="ghost" size="icon" aria-label={t.closeMenu}>
                  <X aria-hidden="true" className="size-6" />
                </Button>
              </DialogPrimitive.Close>
            </div>
          </div>

          <div className="mx-auto flex w-full max-w-md flex-1 flex-col gap-8 px-6 py-8">
            <nav aria-label={t.main}>
              <ul className="flex flex-col">
                {SECTIONS.map((id) => (
                  <li key={id} className="border-b last:border-b-0">
                    <Link
                      to={`/#${id}`}
                      onClick={close}
                      aria-current={activeSection === id ? "location" : undefined}
                      className="block rounded-md py-3 text-2xl font-semibold tracking-tight transition-colors hover:text-primary aria-[current=location]:text-primary"
                    >
                      {t.sections[id]}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>

            {user ? <MobileAccount user={user} onNavigate={close} /> : null}

            <div className="mt-auto flex flex-col gap-3">
              {user ? null : (
                <Button asChild variant="outline" size="lg" className="w-full">
                  <Link to="/auth" onClick={close}>
                    <LogIn aria-hidden="true" />
                    {messages.auth.signIn}
                  </Link>
                </Button>
              )}
              <Button
                type="button"
                size="lg"
                className="h-14 w-full text-lg"
                onClick={() => {
                  close();
                  onBook();
                }}
              >
                <CalendarPlus aria-hidden="true" className="size-5" />
                {t.bookNow}
              </Button>
            </div>
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

function MobileAccount({ user, onNavigate }: { user: HeaderUser; onNavigate: () => void }) {
  return (
    <section aria-label={t.account} className="rounded-lg border bg-card p-4 text-card-foreground">
      <div className="flex items-center gap-3">
        <Avatar user={user} />
        <div className="min-w-0">
          <p className="truncate font-semibold">{user.name || displayName(user)}</p>
          <p className="text-sm text-muted-foreground first-letter:uppercase">
            {messages.labels.roles[user.role]}
          </p>
        </div>
      </div>
      <div className="mt-4 grid grid-cols-2 gap-2">
        <Button asChild variant="secondary">
          <Link to={dashboardPathFor(user.role)} onClick={onNavigate}>
            <LayoutDashboard aria-hidden="true" />
            {spaceLabel(user.role)}
          </Link>
        </Button>
        <Form method="post" action="/auth" onSubmit={onNavigate}>
          <input type="hidden" name="intent" value="sign-out" />
          <Button type="submit" variant="outline" className="w-full">
            <LogOut aria-hidden="true" />
            {messages.auth.signOut}
          </Button>
        </Form>
      </div>
    </section>
  );
}
