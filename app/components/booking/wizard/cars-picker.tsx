import { Car } from "lucide-react";

import { CARS_MAX, CARS_MIN } from "~/domain/booking/pricing";
import { serviceAreaMessages } from "~/lib/messages/service-area.fr";
import { wizardMessages } from "~/lib/messages/wizard.fr";

const CAR_COUNTS = Array.from({ length: CARS_MAX - CARS_MIN + 1 }, (_, i) => CARS_MIN + i);

interface CarsPickerProps {
  value: number | null;
  onChange: (cars: number) => void;
  errorId?: string | undefined;
}

/** The number of cars, 1 to 3, as native radio cards ('1 véhicule', '2 véhicules', '3 véhicules'). */
export function CarsPicker({ value, onChange, errorId }: CarsPickerProps) {
  return (
    <fieldset className="grid gap-3" aria-describedby={errorId}>
      <legend className="mb-3 text-base font-semibold">{wizardMessages.carsLegend}</legend>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {CAR_COUNTS.map((count) => (
          <label
            key={count}
            className="flex min-h-14 cursor-pointer items-center gap-3 rounded-lg border bg-card p-4 transition-colors hover:border-primary/60 has-checked:border-primary has-checked:bg-primary/5 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring"
          >
            <input
              type="radio"
              name="cars"
              value={count}
              checked={value === count}
              onChange={() => onChange(count)}
              className="size-5 shrink-0 accent-primary"
            />
            <Car aria-hidden="true" className="size-4 shrink-0" />
            <span className="font-medium">{serviceAreaMessages.cars(count)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
