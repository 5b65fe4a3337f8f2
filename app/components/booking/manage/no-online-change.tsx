import { CalendarPlus, Phone } from "lucide-react";
import { Link } from "react-router";

import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { BUSINESS } from "~/lib/business";
import { manageBookingMessages } from "~/lib/messages/manage-booking.fr";

const t = manageBookingMessages;

function CallButton() {
  return (
    <Button asChild variant="outline">
      <a href={`tel:${BUSINESS.phoneHref}`}>
        <Phone aria-hidden="true" />
        {t.call(BUSINESS.phone)}
      </a>
    </Button>
  );
}

/** A cancelled booking: said plainly, with a way to book again (issue 14, item 9). */
export function Cancelled() {
  return (
    <Alert data-testid="manage-cancelled">
      <AlertTitle>{t.cancelledTitle}</AlertTitle>
      <AlertDescription className="grid gap-3">
        <p>{t.cancelledText}</p>
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          <Button asChild>
            <Link to="/booking">
              <CalendarPlus aria-hidden="true" />
              {t.bookAgain}
            </Link>
          </Button>
          <CallButton />
        </div>
      </AlertDescription>
    </Alert>
  );
}

/**
 * No change online: less than 24 h before a scheduled start (the terms' rule), or a booking that
 * is over (completed, no-show).
 */
export function CallUs({ scheduled }: { scheduled: boolean }) {
  return (
    <Alert>
      <AlertTitle>{t.callTitle}</AlertTitle>
      <AlertDescription className="grid gap-3">
        <p>{scheduled ? t.callText(BUSINESS.phone) : t.closedText(BUSINESS.phone)}</p>
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          <Button asChild>
            <a href={`tel:${BUSINESS.phoneHref}`}>
              <Phone aria-hidden="true" />
              {t.call(BUSINESS.phone)}
            </a>
          </Button>
          {scheduled ? null : (
            <Button asChild variant="outline">
              <Link to="/booking">{t.newBooking}</Link>
            </Button>
          )}
        </div>
      </AlertDescription>
    </Alert>
  );
}
