import { formatMoney } from "~/lib/format";
import { messagingMessages } from "~/lib/messages/messaging.fr";
import { offersMessages } from "~/lib/messages/offers.fr";
import { cn } from "~/lib/utils";

/** The promo code's discount (ADR 050), before the taxes; nothing without one. */
export function DiscountLine({
  code,
  cents,
  testId,
}: {
  code: string | null;
  cents: number;
  testId?: string;
}) {
  if (cents <= 0) return null;
  return (
    <div className="flex justify-between gap-4">
      <dt>{code ? offersMessages.promo.discountLine(code) : messagingMessages.email.labels.discount}</dt>
      {/* A figure the round contact button must not cover (ADR 047). */}
      <dd className="tabular-nums" data-testid={testId} data-keep-clear>
        -{formatMoney(cents)}
      </dd>
    </div>
  );
}

export function PriceLine({
  label,
  cents,
  className,
  muted = false,
  testId,
}: {
  label: string;
  cents: number;
  className?: string;
  muted?: boolean;
  testId?: string;
}) {
  return (
    <div className={cn("flex justify-between gap-4", muted && "text-muted-foreground", className)}>
      <dt>{label}</dt>
      {/* A figure the round contact button must not cover (ADR 047). */}
      <dd className="tabular-nums" data-testid={testId} data-keep-clear>
        {formatMoney(cents)}
      </dd>
    </div>
  );
}
