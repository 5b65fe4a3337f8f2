import { Mail, MessageSquareText, Navigation, Phone } from "lucide-react";
import { phoneHref } from "~/lib/phone";
import { cn } from "~/lib/utils";
import { backOfficeMessages } from "~/lib/messages/back-office.fr";

const t = backOfficeMessages.contact;

/** A maps link from a street address: Google Maps' universal directions URL (opens the app on a phone). */
export function directionsHref(address: string): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(address)}`;
}

/** Call, text, e-mail and directions for one customer, as 44 px touch targets (ADR 052). */
export function ContactLinks({
  name,
  phone,
  email,
  address,
  className,
}: {
  name: string;
  phone: string;
  email: string;
  address: string;
  className?: string;
}) {
  const tel = phoneHref(phone);
  const item =
    "inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-md border bg-background px-3 text-sm font-medium hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-ring";
  return (
    <ul className={cn("flex flex-wrap gap-2", className)} aria-label={name}>
      {tel ? (
        <>
          <li>
            <a href={`tel:${tel}`} className={item} aria-label={t.call(name)} data-contact="tel">
              <Phone aria-hidden="true" className="size-4" />
              <span>{t.callShort}</span>
            </a>
          </li>
          <li>
            <a href={`sms:${tel}`} className={item} aria-label={t.text(name)} data-contact="sms">
              <MessageSquareText aria-hidden="true" className="size-4" />
              <span>{t.textShort}</span>
            </a>
          </li>
        </>
      ) : null}
      <li>
        <a href={`mailto:${email}`} className={item} aria-label={t.email(name)} data-contact="mailto">
          <Mail aria-hidden="true" className="size-4" />
          <span>{t.emailShort}</span>
        </a>
      </li>
      <li>
        <a
          href={directionsHref(address)}
          target="_blank"
          rel="noopener noreferrer"
          className={item}
          aria-label={t.directions(address)}
          data-contact="directions"
        >
          <Navigation aria-hidden="true" className="size-4" />
          <span>{t.directionsShort}</span>
        </a>
      </li>
    </ul>
  );
}
