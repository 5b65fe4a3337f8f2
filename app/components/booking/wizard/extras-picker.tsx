import { Check } from "lucide-react";

import { Badge } from "~/components/ui/badge";
import { formatMoney } from "~/lib/format";
import { bookingSuccessMessages } from "~/lib/messages/booking-success.fr";
import { wizardMessages } from "~/lib/messages/wizard.fr";

const w = wizardMessages;

export interface ExtraOption {
  slug: string;
  name: string;
  description: string | null;
  priceCents: number;
  isPopular: boolean;
}

/**
 * The extras, chosen before confirming (ADR 044): native checkboxes named `upsells` (the form
 * posts them without JavaScript), each a card with its price.
 */
export function ExtrasPicker({
  options,
  chosen,
  onToggle,
}: {
  options: readonly ExtraOption[];
  chosen: ReadonlySet<string>;
  onToggle: (slug: string, on: boolean) => void;
}) {
  if (options.length === 0) return null;
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1 text-lg font-semibold">{w.extrasLegend}</legend>
      <p className="-mt-1 text-sm text-muted-foreground">{w.extrasText}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        {options.map((option) => (
          <label
            key={option.slug}
            className="flex min-h-14 cursor-pointer items-start gap-3 rounded-lg border bg-card p-4 transition-colors hover:border-primary/60 has-checked:border-primary has-checked:bg-primary/5 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring"
          >
            <input
              type="checkbox"
              name="upsells"
              value={option.slug}
              checked={chosen.has(option.slug)}
              onChange={(event) => onToggle(option.slug, event.target.checked)}
              className="mt-0.5 size-5 shrink-0 accent-primary"
            />
            <span className="grid min-w-0 flex-1 gap-1">
              <span className="flex items-start justify-between gap-3">
                <span className="flex flex-wrap items-center gap-2 font-medium">
                  {option.name}
                  {option.isPopular ? (
                    <Badge variant="secondary">{bookingSuccessMessages.popular}</Badge>
                  ) : null}
                </span>
                <span className="flex shrink-0 items-center gap-1 font-semibold tabular-nums">
                  {chosen.has(option.slug) ? (
                    <Check aria-hidden="true" className="size-4 text-primary" />
                  ) : null}
                  +{formatMoney(option.priceCents)}
                </span>
              </span>
              {option.description ? (
                <span className="text-sm text-muted-foreground">{option.description}</span>
              ) : null}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
