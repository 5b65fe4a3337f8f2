import { CalendarX, Phone } from "lucide-react";
import { Link } from "react-router";

import { Button } from "~/components/ui/button";
import { BUSINESS } from "~/lib/business";
import { manageBookingMessages } from "~/lib/messages/manage-booking.fr";

const t = manageBookingMessages;

/** An unknown booking or a link that does not open it: one page, nothing about the booking. */
export function InvalidLink() {
  return (
    <section className="mx-auto grid w-full max-w-xl gap-6 px-4 py-16 text-center">
      <span className="mx-auto grid size-14 place-items-center rounded-full bg-destructive/10 text-destructive">
        <CalendarX aria-hidden="true" className="size-7" />
      </span>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t.invalidLink}</h1>
      <p className="text-muted-foreground">{t.invalidLinkText}</p>
      <div className="flex flex-col justify-center gap-3 sm:flex-row">
        <Button asChild size="lg">
          <a href={`tel:${BUSINESS.phoneHref}`}>
            <Phone aria-hidden="true" />
            {t.call(BUSINESS.phone)}
          </a>
        </Button>
        <Button asChild variant="outline" size="lg">
          <Link to="/">{t.home}</Link>
        </Button>
      </div>
    </section>
  );
}
