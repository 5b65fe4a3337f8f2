import { useCallback } from "react";
import { useNavigate } from "react-router";
import { newBookingId } from "~/lib/booking-id";

/** The router state of the booking wizard /booking/{id} (spec section 2). */
export interface WizardState {
  cars: number;
  city: string;
  citySlug: string;
  fromCitySelection: boolean;
}

/** Opens the booking wizard at /booking/{new id} with the chosen zone and car count. */
export function useOpenWizard(): (state: WizardState) => void {
  const navigate = useNavigate();
  return useCallback(
    (state: WizardState) => {
      void navigate(`/booking/${newBookingId()}`, { state });
    },
    [navigate],
  );
}
