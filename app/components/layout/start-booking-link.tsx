import type { ComponentProps } from "react";
import { useStartBooking } from "./use-start-booking";

/**
 * A link that opens the booking wizard at /booking/{new id} (docs/product.md, section 2), the id drawn at
 * the click. Before the page is interactive, or without JavaScript, it leads to /booking, which
 * starts the same journey; a middle click or Ctrl-click opens it in a new tab. With
 * `role="button"` (a « Réserver » button) Space presses it too, as it does a button.
 */
export function StartBookingLink({ onClick, onKeyDown, ...props }: ComponentProps<"a">) {
  const startBooking = useStartBooking();
  return (
    <a
      href="/booking"
      onClick={(event) => {
        onClick?.(event);
        if (
          event.defaultPrevented ||
          event.metaKey ||
          event.ctrlKey ||
          event.shiftKey ||
          event.altKey ||
          event.button !== 0
        )
          return;
        event.preventDefault();
        startBooking();
      }}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (event.defaultPrevented || props.role !== "button" || event.key !== " ") return;
        event.preventDefault();
        startBooking();
      }}
      {...props}
    />
  );
}
