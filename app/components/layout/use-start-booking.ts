import { useCallback } from "react";
import { useNavigate } from "react-router";
import { newWizardVisitId } from "~/lib/wizard-visit-id";

/** The router state of a booking started from the header (docs/product.md, section 2). */
interface StartBookingState {
  fromCitySelection: true;
  city: string;
}

/** Opens the booking wizard at /booking/{new id}; the id is drawn at each call, never at render. */
export function useStartBooking(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    const state: StartBookingState = { fromCitySelection: true, city: "" };
    void navigate(`/booking/${newWizardVisitId()}`, { state });
  }, [navigate]);
}
