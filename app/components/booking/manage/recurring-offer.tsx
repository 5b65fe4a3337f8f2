import { Repeat } from "lucide-react";
import { Link } from "react-router";

import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { recurringMessages } from "~/lib/messages/recurring.fr";

/** On the confirmation: the way to make this wash recurring, on its manage page (ADR 086). */
export function RecurringOffer({ manageUrl }: { manageUrl: string }) {
  const r = recurringMessages;
  return (
    <Alert data-testid="recurring-offer">
      <AlertTitle>{r.offerTitle}</AlertTitle>
      <AlertDescription className="text-foreground">
        {r.offerText}{" "}
        <a
          className="font-medium text-primary underline underline-offset-4"
          href={`${manageUrl}#lavage-recurrent`}
        >
          {r.offerLink}
        </a>
      </AlertDescription>
    </Alert>
  );
}

/** In the customer space: the booking's recurring wash, on its manage page (the owner's session opens it). */
export function RecurringLink({ bookingId }: { bookingId: string }) {
  return (
    <Button asChild variant="outline" className="justify-self-start">
      <Link to={`/booking/manage/${bookingId}#lavage-recurrent`}>
        <Repeat aria-hidden="true" />
        {recurringMessages.spaceLink}
      </Link>
    </Button>
  );
}
