import { MapPin } from "lucide-react";

import { Badge } from "~/components/ui/badge";
import { messages } from "~/lib/messages.fr";
import { cn } from "~/lib/utils";

export interface Region {
  slug: string;
  name: string;
  /** Only active zones take bookings; the others are shown, disabled, with their label. */
  bookable: boolean;
  /** 'Retour en 2026'; 'Bientôt disponible' when a disabled zone has none. */
  label: string | null;
}

interface RegionPickerProps {
  regions: readonly Region[];
  value: string | null;
  onChange: (slug: string) => void;
  /** Id of an error message that describes the group. */
  errorId?: string | undefined;
}

/**
 * The regions as radio cards (native radios: keyboard arrows, and the form works without
 * JavaScript). A zone that does not take bookings stays visible, disabled, with its label.
 */
export function RegionPicker({ regions, value, onChange, errorId }: RegionPickerProps) {
  return (
    <fieldset className="grid gap-3" aria-describedby={errorId}>
      <legend className="mb-3 text-base font-semibold">{messages.wizard.regionLegend}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {regions.map((region) => (
          <label
            key={region.slug}
            className={cn(
              "flex min-h-14 items-center gap-3 rounded-lg border p-4 transition-colors",
              region.bookable
                ? "cursor-pointer bg-card hover:border-primary/60 has-checked:border-primary has-checked:bg-primary/5 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring"
                : "cursor-not-allowed border-dashed bg-muted text-muted-foreground",
            )}
          >
            <input
              type="radio"
              name="zone"
              value={region.slug}
              checked={value === region.slug}
              onChange={() => onChange(region.slug)}
              disabled={!region.bookable}
              className="size-5 shrink-0 accent-primary"
            />
            <MapPin aria-hidden="true" className="size-4 shrink-0" />
            <span className="font-medium">{region.name}</span>
            {region.bookable ? null : (
              <Badge variant="outline" className="ml-auto text-muted-foreground">
                {region.label ?? messages.serviceArea.zone.comingSoon}
              </Badge>
            )}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
