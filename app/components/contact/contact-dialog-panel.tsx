import { lazy, Suspense, useState, type RefObject } from "react";

import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Spinner } from "~/components/ui/spinner";
import { BUSINESS } from "~/lib/business";
import { messages } from "~/lib/messages.fr";
import { contactMessages } from "~/lib/messages/contact.fr";

import { PhoneCopyButton } from "./phone-copy-button";

// The form (and its validation library) loads when the visitor asks for it, not with the dialog.
const loadContactForm = () => import("./contact-form");
const ContactForm = lazy(() => loadContactForm().then((module) => ({ default: module.ContactForm })));
const loadChatPanel = () => import("./chat-panel");
const ChatPanel = lazy(() => loadChatPanel().then((module) => ({ default: module.ChatPanel })));

const c = contactMessages;

/**
 * The 'Contactez-nous' dialog: the assistant first (ADR 051), the contact form one tap away
 * ('Écrire à l'équipe'); it closes once the message is sent. Loaded with its dialog library on the
 * first press of the round button (contact-dialog.tsx), which it gives focus back to on closing.
 */
export function ContactDialogPanel({
  id,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const [view, setView] = useState<"chat" | "form">("chat");
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) setView("chat");
      }}
    >
      <DialogContent
        id={id}
        onCloseAutoFocus={(event) => {
          // The button is not Radix's trigger: give it the focus back ourselves.
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
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
                onOpenChange(false);
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
