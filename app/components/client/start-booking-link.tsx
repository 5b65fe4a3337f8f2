import type { ComponentProps } from "react";
import { useStartBooking } from "~/components/layout/use-start-booking";

/**
 * A link that opens the booking wizard at /booking/{new id} (docs/product.md, section 2), the id drawn at
 * the click. Before the page is interactive it leads to /booking, which starts the same journey.
 */
export function StartBookingLink({ onClick, ...props }: ComponentProps<"a">) {
  const startBooking = useStartBooking();
  return (
    <a
      href="/booking"
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0)
          return;
        event.preventDefault();
        startBooking();
      }}
      {...props}
    />
  );
}
