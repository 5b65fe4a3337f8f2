import { Car, Plus } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";

import { NativeSelect } from "~/components/admin/native-select";
import { Label } from "~/components/ui/label";
import { CARS_MAX, CARS_MIN } from "~/domain/booking/pricing";
import { formatMoney } from "~/lib/format";
import { vehiclesMessages } from "~/lib/messages/vehicles.fr";

const t = vehiclesMessages.wizard;

export interface SizeClassChoice {
  slug: string;
  name: string;
  /** One car's price of this class for the service (cents, before taxes). */
  priceCents: number;
}

export interface SavedVehicleChoice {
  id: string;
  label: string;
  sizeClassName: string;
  priceCents: number;
}

/** 'VUS (179,99 $)' */
const classOption = (c: SizeClassChoice) => `${c.name} (${formatMoney(c.priceCents)})`;

/**
 * A size class per car (ADR 085), one native select per car of the count chosen above: the
 * standard class first. Without JavaScript the selects of the first render are sent; the cars
 * without one are of the standard class.
 */
export function SizePicker({
  cars,
  classes,
  chosen,
}: {
  cars: number;
  classes: readonly SizeClassChoice[];
  chosen: readonly string[];
}) {
  const id = useId();
  if (classes.length < 2) return null;
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-3 text-base font-semibold">{t.sizeLegend}</legend>
      <div className="grid gap-3 sm:grid-cols-3">
        {Array.from({ length: cars }, (_, i) => (
          <div key={i} className="grid gap-1.5">
            <Label htmlFor={`${id}-size-${i}`}>{t.sizeLabel(i + 1)}</Label>
            <NativeSelect id={`${id}-size-${i}`} name="size" defaultValue={chosen[i] ?? classes[0]!.slug}>
              {classes.map((c) => (
                <option key={c.slug} value={c.slug}>
                  {classOption(c)}
                </option>
              ))}
            </NativeSelect>
          </div>
        ))}
      </div>
    </fieldset>
  );
}

/** The signed-in client's saved vehicles as check boxes (1 to 3), and a link to add one. */
export function SavedVehiclesPicker({
  vehicles,
  chosen,
  errorId,
}: {
  vehicles: readonly SavedVehicleChoice[];
  chosen: readonly string[];
  errorId?: string | undefined;
}) {
  const checked = chosen.length > 0 ? chosen : vehicles.slice(0, 1).map((v) => v.id);
  return (
    <fieldset className="grid gap-3" aria-describedby={errorId}>
      <legend className="mb-1 text-base font-semibold">{t.savedLegend}</legend>
      <p className="mb-2 text-sm text-muted-foreground">{t.savedHint(CARS_MIN, CARS_MAX)}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        {vehicles.map((vehicle) => (
          <label
            key={vehicle.id}
            className="flex min-h-14 cursor-pointer items-center gap-3 rounded-lg border bg-card p-4 transition-colors hover:border-primary/60 has-checked:border-primary has-checked:bg-primary/5 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring"
          >
            <input
              type="checkbox"
              name="vehicle"
              value={vehicle.id}
              defaultChecked={checked.includes(vehicle.id)}
              className="size-5 shrink-0 accent-primary"
            />
            <Car aria-hidden="true" className="size-4 shrink-0" />
            <span className="grid min-w-0 gap-0.5">
              <span className="font-medium break-words">{vehicle.label}</span>
              <span className="text-sm text-muted-foreground">
                {vehicle.sizeClassName} · {formatMoney(vehicle.priceCents)}
              </span>
            </span>
          </label>
        ))}
      </div>
      <Link
        to="/client/vehicles"
        className="inline-flex min-h-11 items-center gap-2 justify-self-start text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        <Plus aria-hidden="true" className="size-4" />
        {t.manage}
      </Link>
    </fieldset>
  );
}
