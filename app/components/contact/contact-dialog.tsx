import { MessageCircle } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { useLocation } from "react-router";

import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import { BUSINESS } from "~/lib/business";
import { messages } from "~/lib/messages.fr";
import { cn } from "~/lib/utils";

import { Spinner } from "~/components/ui/spinner";

import { PhoneCopyButton } from "./phone-copy-button";
import { useMainActionBeneath } from "./use-main-action-beneath";

// The form (and its validation library) loads when the dialog is about to open, not with every
// page: the button is on every page, the form is used by few visitors.
const loadContactForm = () => import("./contact-form");
const ContactForm = lazy(() => loadContactForm().then((module) => ({ default: module.ContactForm })));
const loadChatPanel = () => import("./chat-panel");
const ChatPanel = lazy(() => loadChatPanel().then((module) => ({ default: module.ChatPanel })));

const c = messages.contact;

/** The back office (admin and franchisee spaces): staff tools, no floating button over them. */
const BACK_OFFICE = /^\/(admin|franchisee)(\/|$)/;

/**
 * The round button fixed at the bottom right of every page (spec section 2), opening the
 * 'Contactez-nous' dialog with the contact form; the dialog closes once the message is sent.
 * It never covers a form's main button (ADR 047): it steps aside (hidden, out of the tab order)
 * while one lies beneath it, and is absent from the back office.
 */
export function ContactDialog() {
  const [open, setOpen] = useState(false);
  // The assistant first (ADR 051); the contact form one tap away ('Écrire à l'équipe').
  const [view, setView] = useState<"chat" | "form">("chat");
  const { pathname } = useLocation();
  const backOffice = BACK_OFFICE.test(pathname);
  const beneath = useMainActionBeneath(!backOffice);
  if (backOffice) return null;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setView("chat");
      }}
    >
      <DialogTrigger asChild>
        <Button
          size="icon"
          aria-label={c.title}
          title={c.title}
          onPointerEnter={() => void loadChatPanel()}
          onFocus={() => void loadChatPanel()}
          data-stepped-aside={beneath && !open ? "" : undefined}
          className={cn(
            "fixed right-4 bottom-[max(1rem,env(safe-area-inset-bottom))] z-40 size-14 rounded-full shadow-lg transition-[opacity,visibility] motion-reduce:transition-none print:hidden",
            beneath && !open && "invisible opacity-0",
          )}
        >
          <MessageCircle aria-hidden="true" className="size-6" />
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{c.title}</DialogTitle>
          <DialogDescription>{c.description}</DialogDescription>
        </DialogHeader>
        <Suspense
          fallback={
            <p className="flex min-h-40 items-center justify-center gap-2 text-sm text-muted-foreground">
              <Spinner label={null} />
              {messages.ui.loading}
            </p>
          }
        >
          {view === "chat" ? (
            <ChatPanel
              onWriteTeam={() => {
                void loadContactForm();
                setView("form");
              }}
            />
          ) : (
            <ContactForm
              onSent={() => {
                setOpen(false);
                setView("chat");
              }}
            />
          )}
        </Suspense>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 border-t pt-4 text-sm">
          <span className="text-muted-foreground">{c.preferToCall}</span>
          <a href={`tel:${BUSINESS.phoneHref}`} className="font-medium underline-offset-4 hover:underline">
            {BUSINESS.phone}
          </a>
          <PhoneCopyButton />
        </div>
      </DialogContent>
    </Dialog>
  );
}
