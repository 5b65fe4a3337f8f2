import { CalendarPlus, House, LogIn, Menu } from "lucide-react";
import { useId, useRef, useState, type KeyboardEvent, type MouseEvent } from "react";
import { Link, useLocation } from "react-router";

import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { messages } from "~/lib/messages.fr";
import { shopMessages } from "~/lib/messages/shop.fr";
import { cn } from "~/lib/utils";
import { useOnDemand } from "~/lib/use-on-demand";
import { useRootData } from "~/lib/root-data";

import type { HeaderUser } from "./account";
import { AccountControl } from "./account-control";
import { StartBookingLink } from "./start-booking-link";
import { BrandLink } from "./brand-link";
import { BRAND_NAME_NARROW, SECTIONS } from "./site-sections";
import { ThemeToggle, useForcedLightTheme } from "./theme-toggle";
import { useActiveSection } from "./use-active-section";
import { useScrolled } from "./use-scrolled";
import { useStartBooking } from "./use-start-booking";

const t = messages.nav;

/** docs/product.md, section 2: the bar turns 'scrolled' after 20 px; a section is active within 100 px of the top. */
const SCROLLED_THRESHOLD = 20;
const SECTION_OFFSET = 100;

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
 * `lg` breakpoint a full-screen menu (docs/product.md, section 2, the chrome).
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
            <li>
              <Link
                to="/boutique"
                aria-current={pathname.startsWith("/boutique") ? "page" : undefined}
                className="rounded-md px-2 py-2 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground aria-[current=page]:text-primary"
              >
                {shopMessages.nav}
              </Link>
            </li>
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
              <AccountControl user={user} compact={onDashboard} />
            ) : (
              <Button asChild variant="ghost">
                <Link to="/auth">
                  <LogIn aria-hidden="true" />
                  {messages.auth.signIn}
                </Link>
              </Button>
            )}
          </div>
          {/* Before the page hydrates, or without JavaScript, it opens the wizard at /booking. */}
          <Button asChild className="hidden sm:inline-flex">
            <StartBookingLink role="button">
              <CalendarPlus aria-hidden="true" />
              {t.book}
            </StartBookingLink>
          </Button>
          <MobileMenu user={user} activeSection={activeSection} onBook={startBooking} />
        </div>
      </div>
    </header>
  );
}

// The full-screen menu and its dialog library (Radix) load on the first press of the menu button
// (or when a pointer or the focus comes onto it), not with every page (ADR 054).
const loadMenuDialog = () => import("./mobile-menu-dialog");

/** Without JavaScript, or before the page has hydrated, the menu button leads to the footer's links. */
const MENU_FALLBACK_HREF = "#pied-de-page";

/**
 * The menu button below the `lg` breakpoint, opening the full-screen menu (mobile-menu-dialog.tsx).
 * The menu is open only for the location where it was opened, so it closes on any navigation. A
 * link acting as a button: until the menu's code has loaded it shows a spinner, and if that code
 * cannot load, it follows its link.
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
  const menuId = useId();
  const trigger = useRef<HTMLAnchorElement>(null);
  const dialog = useOnDemand(loadMenuDialog);
  const show = (event: MouseEvent | KeyboardEvent) => {
    event.preventDefault();
    setOpenedAt(location.key);
    dialog.request().catch(() => {
      setOpenedAt(null);
      window.location.assign(MENU_FALLBACK_HREF);
    });
  };
  const waiting = open && !dialog.module;
  const Dialog = dialog.module?.MobileMenuDialog;

  return (
    <>
      <Button asChild variant="ghost" size="icon" className="lg:hidden">
        <a
          ref={trigger}
          href={MENU_FALLBACK_HREF}
          role="button"
          aria-label={open ? t.closeMenu : t.openMenu}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={menuId}
          aria-busy={waiting || undefined}
          onClick={show}
          onKeyDown={(event) => {
            if (event.key === " ") show(event);
          }}
          onPointerEnter={dialog.prefetch}
          onFocus={dialog.prefetch}
        >
          {waiting ? (
            <Spinner label={null} className="size-6" />
          ) : (
            <Menu aria-hidden="true" className="size-6" />
          )}
        </a>
      </Button>
      {Dialog ? (
        <Dialog
          id={menuId}
          open={open}
          onOpenChange={(next) => setOpenedAt(next ? location.key : null)}
          returnFocusTo={trigger}
          user={user}
          activeSection={activeSection}
          onBook={onBook}
        />
      ) : null}
    </>
  );
}
