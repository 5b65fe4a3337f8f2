import { CircleCheck, CircleX } from "lucide-react";
import { useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useNavigate } from "react-router";

import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { RadioGroup, RadioGroupItem } from "~/components/ui/radio-group";
import { findPostalCode } from "~/domain/geo/postal-code";
import { messages } from "~/lib/messages.fr";
import { cn } from "~/lib/utils";
import { WaitlistForm } from "./waitlist-form";

const t = messages.serviceArea;

const CAR_COUNTS = [1, 2, 3] as const;

interface CheckResult {
  inArea: boolean;
  message: string;
  city: string | null;
  /** Not served yet: the waiting list is offered (ADR 046). */
  canJoinWaitlist: boolean;
  /** The text that was checked. */
  address: string;
}

/** The answer of POST /api/validate-location; anything else reads as a failed check. */
function readAnswer(body: unknown): Omit<CheckResult, "address"> | null {
  if (typeof body !== "object" || body === null) return null;
  const { data, message, city, canJoinWaitlist } = body as Record<string, unknown>;
  if (typeof data !== "boolean" || typeof message !== "string") return null;
  return {
    inArea: data,
    message,
    city: typeof city === "string" ? city : null,
    canJoinWaitlist: canJoinWaitlist === true,
  };
}

async function validateLocation(address: string): Promise<Omit<CheckResult, "address">> {
  try {
    const response = await fetch("/api/validate-location", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ address }),
    });
    const answer = readAnswer(await response.json());
    if (answer) return answer;
    console.error("validate-location: unexpected answer", response.status);
  } catch (error) {
    console.error("validate-location failed", error);
  }
  return { inArea: false, message: t.error, city: null, canJoinWaitlist: false };
}

/** The full postal code in the text checked, to pre-fill the waiting list; '' when it has none. */
function fullPostalCode(text: string): string {
  const found = findPostalCode(text);
  return found?.full ? found.code : "";
}

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

/** The number of cars, 1 to 3, as radio buttons (spec: '1 véhicule', '2 véhicules', '3 véhicules'). */
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

interface ServiceAreaCheckProps {
  /** The service chosen before the check: /booking gets it as ?service={id}. */
  serviceId?: string | undefined;
  /** Called once the visitor confirms, after the navigation to /booking starts. */
  onConfirmed?: () => void;
  className?: string;
}

/**
 * The service-area check (spec sections 2 and 4): an address or postal code, Vérifier (or Enter),
 * a green or red answer, then, only for an address we serve, the number of cars. Confirmer goes on
 * to the times of the booking path (the address arrives pre-filled); Recommencer starts over.
 */
export function ServiceAreaCheck({ serviceId, onConfirmed, className }: ServiceAreaCheckProps) {
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const [address, setAddress] = useState("");
  const [checking, setChecking] = useState(false);
  const [result, setResult] = useState<CheckResult | null>(null);
  const [cars, setCars] = useState<number | null>(null);

  const valid = result?.inArea === true && result.city !== null;

  async function check(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = address.trim();
    if (!text || checking) return;
    setChecking(true);
    setCars(null);
    const answer = await validateLocation(text);
    setResult({ ...answer, address: text });
    setChecking(false);
  }

  function changeAddress(value: string) {
    setAddress(value);
    if (result) {
      setResult(null);
      setCars(null);
    }
  }

  function restart() {
    setAddress("");
    setResult(null);
    setCars(null);
    inputRef.current?.focus();
  }

  /** Into the one booking path (ADR 044): the address checked and the cars go on to the times. */
  function confirm() {
    if (!valid || cars === null || result.city === null) return;
    const search = new URLSearchParams({
      where: result.address,
      cars: String(cars),
      step: "2",
      ...(serviceId ? { service: serviceId } : {}),
    });
    void navigate(`/booking?${search.toString()}`);
    onConfirmed?.();
  }

  return (
    <div className={cn("grid gap-4", className)}>
      <form onSubmit={check} className="grid gap-3" noValidate>
        <Field label={t.fieldLabel}>
          <Input
            ref={inputRef}
            value={address}
            onChange={(event) => changeAddress(event.target.value)}
            placeholder={t.fieldPlaceholder}
            autoComplete="street-address"
            maxLength={500}
          />
        </Field>
        <Button type="submit" loading={checking} disabled={!address.trim()}>
          {checking ? t.checking : t.check}
        </Button>
      </form>

      <div role="status" aria-live="polite" aria-atomic="true">
        {result ? <CheckMessage valid={result.inArea}>{result.message}</CheckMessage> : null}
      </div>

      {result?.canJoinWaitlist ? (
        <WaitlistForm key={result.address} defaultPostalCode={fullPostalCode(result.address)} />
      ) : null}

      {valid ? <CarCountPicker value={cars} onChange={setCars} /> : null}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={restart}>
          {t.restart}
        </Button>
        <Button type="button" onClick={confirm} disabled={!valid || cars === null}>
          {t.confirm}
        </Button>
      </div>
    </div>
  );
}

interface ServiceAreaDialogProps {
  /** Controlled mode; without it the dialog opens from its trigger child. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The button that opens the dialog. */
  children?: ReactNode;
  serviceId?: string | undefined;
}

/** The check as the dialog that precedes /booking (spec section 2, 'Service-area check dialog'). */
export function ServiceAreaDialog({ open, onOpenChange, children, serviceId }: ServiceAreaDialogProps) {
  const [ownOpen, setOwnOpen] = useState(false);
  const isOpen = open ?? ownOpen;
  const setOpen = (next: boolean) => {
    setOwnOpen(next);
    onOpenChange?.(next);
  };
  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      {children ? <DialogTrigger asChild>{children}</DialogTrigger> : null}
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t.dialogTitle}</DialogTitle>
          <DialogDescription>{t.dialogDescription}</DialogDescription>
        </DialogHeader>
        <ServiceAreaCheck serviceId={serviceId} onConfirmed={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}
