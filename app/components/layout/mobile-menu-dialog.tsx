import { CalendarPlus, LayoutDashboard, LogIn, LogOut, X } from "lucide-react";
import { shopMessages } from "~/lib/messages/shop.fr";
import { Dialog as DialogPrimitive } from "radix-ui";
import type { RefObject } from "react";
import { Form, Link } from "react-router";

import { Button } from "~/components/ui/button";
import { messages } from "~/lib/messages.fr";
import { dashboardPathFor } from "~/lib/roles";

import { Avatar, displayName, spaceLabel, type HeaderUser } from "./account";
import { BrandLink } from "./brand-link";
import { BRAND_NAME_NARROW, SECTIONS } from "./site-sections";
import { ThemeToggle } from "./theme-toggle";

const t = messages.nav;

/**
 * The full-screen menu below the `lg` breakpoint, loaded on the first press of the header's menu
 * button (site-header.tsx). A modal dialog: focus moves in and stays there, Escape closes it, the
 * page behind does not scroll, and focus returns to the menu button.
 */
export function MobileMenuDialog({
  id: menuId,
  open,
  onOpenChange,
  returnFocusTo,
  user,
  activeSection,
  onBook,
}: {
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLElement | null>;
  user: HeaderUser | null;
  activeSection: string | null;
  onBook: () => void;
}) {
  const close = () => onOpenChange(false);

  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        {/* Radix locks the page's scroll through the overlay, so it stays even under a full-screen panel. */}
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-background lg:hidden" />
        <DialogPrimitive.Content
          id={menuId}
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            // The button is not Radix's trigger: give it the focus back ourselves.
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
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
                <li className="border-b last:border-b-0">
                  <Link
                    to="/boutique"
                    onClick={close}
                    className="block rounded-md py-3 text-2xl font-semibold tracking-tight transition-colors hover:text-primary"
                  >
                    {shopMessages.nav}
                  </Link>
                </li>
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
