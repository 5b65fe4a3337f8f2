import { CircleCheck, CircleX } from "lucide-react";
import { useId, type ReactNode } from "react";

import { Label } from "~/components/ui/label";
import { RadioGroup, RadioGroupItem } from "~/components/ui/radio-group";
import { serviceAreaMessages } from "~/lib/messages/service-area.fr";
import { cn } from "~/lib/utils";

const t = serviceAreaMessages;

const CAR_COUNTS = [1, 2, 3] as const;

/** A green message with a check, or a red one with a cross. */
export function CheckMessage({ valid, children }: { valid: boolean; children: ReactNode }) {
  const Icon = valid ? CircleCheck : CircleX;
  return (
    <p
      className={cn(
        "flex items-start gap-2 rounded-md border p-3 text-sm font-medium",
        valid
          ? "border-success/40 bg-success/10 text-success"
          : "border-destructive/40 bg-destructive/10 text-destructive",
      )}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}

/** The number of cars, 1 to 3, as radio buttons (docs/product.md, section 2: '1 véhicule', '2 véhicules', '3 véhicules'). */
export function CarCountPicker({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (cars: number) => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label id={`${id}-label`}>{t.carsLabel}</Label>
      <RadioGroup
        aria-labelledby={`${id}-label`}
        value={value === null ? "" : String(value)}
        onValueChange={(next) => onChange(Number(next))}
        className="grid-cols-1 gap-2 sm:grid-cols-3"
      >
        {CAR_COUNTS.map((count) => (
          <Label
            key={count}
            htmlFor={`${id}-${count}`}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border p-3 font-normal has-data-[state=checked]:border-primary has-data-[state=checked]:bg-primary/5"
          >
            <RadioGroupItem id={`${id}-${count}`} value={String(count)} />
            {t.cars(count)}
          </Label>
        ))}
      </RadioGroup>
    </div>
  );
}
