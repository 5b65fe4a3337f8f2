import { MessageCircle } from "lucide-react";
import { useId, useRef, useState, type KeyboardEvent, type MouseEvent } from "react";
import { useLocation } from "react-router";

import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { isBackOfficePath } from "~/lib/back-office-path";
import { contactMessages } from "~/lib/messages/contact.fr";
import { useOnDemand } from "~/lib/use-on-demand";
import { cn } from "~/lib/utils";

import { useMainActionBeneath } from "./use-main-action-beneath";

// The dialog, its library (Radix) and the assistant's panel load on the first press of the button
// (or when a pointer or the focus comes onto it), not with every page (ADR 054).
// Both at once: the dialog opens on the assistant's panel.
const loadDialog = () =>
  Promise.all([import("./contact-dialog-panel"), import("./chat-panel")]).then(([module]) => module);

const c = contactMessages;

/** Without JavaScript, or before the page has hydrated, the button leads to the home page's contact section. */
const FALLBACK_HREF = "/#contact";

/**
 * The round button fixed at the bottom right of every page (docs/product.md, section 2), opening the
 * 'Contactez-nous' dialog (contact-dialog-panel.tsx). It never covers a form's main button
 * (ADR 047): it steps aside (hidden, out of the tab order) while one lies beneath it, and is absent
 * from the back office. A link acting as a button: until the dialog's code has loaded it shows a
 * spinner, and if that code cannot load, it follows its link.
 */
export function ContactDialog() {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const backOffice = isBackOfficePath(pathname);
  const beneath = useMainActionBeneath(!backOffice);
  const dialog = useOnDemand(loadDialog);
  const trigger = useRef<HTMLAnchorElement>(null);
  const panelId = useId();
  if (backOffice) return null;

  const show = (event: MouseEvent | KeyboardEvent) => {
    event.preventDefault();
    setOpen(true);
    dialog.request().catch(() => {
      setOpen(false);
      window.location.assign(FALLBACK_HREF);
    });
  };
  const waiting = open && !dialog.module;
  const Panel = dialog.module?.ContactDialogPanel;
  return (
    <>
      <Button
        asChild
        size="icon"
        // On the Button, whose classes merge (a rounded-full over its own corners).
        className={cn(
          "fixed right-4 bottom-[max(1rem,env(safe-area-inset-bottom))] z-40 size-14 rounded-full shadow-lg transition-[opacity,visibility] motion-reduce:transition-none print:hidden",
          beneath && !open && "invisible opacity-0",
        )}
      >
        <a
          ref={trigger}
          href={FALLBACK_HREF}
          role="button"
          aria-label={c.title}
          title={c.title}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={panelId}
          aria-busy={waiting || undefined}
          onClick={show}
          onKeyDown={(event) => {
            if (event.key === " ") show(event);
          }}
          onPointerEnter={dialog.prefetch}
          onFocus={dialog.prefetch}
          data-stepped-aside={beneath && !open ? "" : undefined}
        >
          {waiting ? (
            <Spinner label={null} className="size-6" />
          ) : (
            <MessageCircle aria-hidden="true" className="size-6" />
          )}
        </a>
      </Button>
      {Panel ? <Panel id={panelId} open={open} onOpenChange={setOpen} returnFocusTo={trigger} /> : null}
    </>
  );
}
