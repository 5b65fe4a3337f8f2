import { Check, Copy } from "lucide-react";
import { useEffect, useState } from "react";

import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/toast";
import { BUSINESS } from "~/lib/business";
import { contactMessages } from "~/lib/messages/contact.fr";

const c = contactMessages;
/** How long the button shows its check mark after a copy. */
const COPIED_MS = 2000;

/** Copies the business phone number (its first vanity form, docs/product.md, section 9) to the clipboard. */
export function PhoneCopyButton({ className }: { className?: string }) {
  const phone = BUSINESS.phoneVanity[0];
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(phone);
      setCopied(true);
      toast({ title: c.phoneCopied, description: phone });
    } catch {
      // No clipboard (permission refused, page not served over HTTPS): say so.
      toast({ title: c.phoneCopyError, variant: "destructive" });
    }
  }

  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      aria-label={c.copyPhone(phone)}
      onClick={copy}
      className={className}
    >
      {copied ? <Check aria-hidden="true" className="text-success" /> : <Copy aria-hidden="true" />}
      {c.copy}
    </Button>
  );
}
