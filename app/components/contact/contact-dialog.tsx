import { MessageCircle } from "lucide-react";
import { useState } from "react";

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

import { ContactForm } from "./contact-form";
import { PhoneCopyButton } from "./phone-copy-button";

const c = messages.contact;

/**
 * The round button fixed at the bottom right of every page (spec section 2), opening the
 * 'Contactez-nous' dialog with the contact form; the dialog closes once the message is sent.
 */
export function ContactDialog() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          size="icon"
          aria-label={c.title}
          title={c.title}
          className="fixed right-4 bottom-[max(1rem,env(safe-area-inset-bottom))] z-40 size-14 rounded-full shadow-lg print:hidden"
        >
          <MessageCircle aria-hidden="true" className="size-6" />
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{c.title}</DialogTitle>
          <DialogDescription>{c.description}</DialogDescription>
        </DialogHeader>
        <ContactForm onSent={() => setOpen(false)} />
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
