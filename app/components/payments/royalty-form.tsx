import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { inputClasses } from "~/components/ui/input";
import { basisPointsToPercentInput } from "~/domain/payments/schemas";
import { paymentsOfficeMessages } from "~/lib/messages/payments-office.fr";
import { cn } from "~/lib/utils";

const t = paymentsOfficeMessages.admin;

/** What a payments form's last post answered: which form, its errors, what was typed. */
export interface PaymentFormReply {
  /** 'zone:<id>', 'royalty:network' or 'royalty:<franchisee id>'. */
  form: string;
  fieldErrors: Record<string, string[] | undefined>;
  formError?: string;
  values: Record<string, string>;
}

/**
 * A royalty rate's form (ADR 075): the network's, or a franchisee's (blank = the network's),
 * on the payments page and in the franchisees' table; both post intent 'royalty'.
 */
export function RoyaltyForm({
  franchiseeId,
  label,
  current,
  hint,
  reply,
}: {
  franchiseeId: string | null;
  label: string;
  current: number | null;
  hint?: string;
  reply: PaymentFormReply | undefined;
}) {
  const formId = `royalty:${franchiseeId ?? "network"}`;
  const own = reply?.form === formId ? reply : undefined;
  const errors = [...(own?.fieldErrors.rate ?? []), ...(own?.formError ? [own.formError] : [])];
  const errorId = `${formId}-error`;
  return (
    <Form
      method="post"
      className="grid w-fit max-w-full grid-cols-[7rem_auto] items-center gap-x-2 gap-y-1 text-sm"
    >
      <input type="hidden" name="intent" value="royalty" />
      {franchiseeId ? <input type="hidden" name="franchiseeId" value={franchiseeId} /> : null}
      <label htmlFor={`${formId}-rate`} className="col-span-2 font-medium">
        {label}
      </label>
      <input
        id={`${formId}-rate`}
        name="rate"
        inputMode="decimal"
        defaultValue={own?.values.rate ?? (current === null ? "" : basisPointsToPercentInput(current))}
        aria-invalid={errors.length ? true : undefined}
        aria-describedby={
          [hint ? `${formId}-hint` : "", errors.length ? errorId : ""].join(" ").trim() || undefined
        }
        className={cn(inputClasses, "h-10")}
      />
      <Button type="submit" variant="outline" className="w-fit">
        {t.save}
        <span className="sr-only"> : {label}</span>
      </Button>
      {hint ? (
        <p id={`${formId}-hint`} className="col-span-2 text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {errors.length ? (
        <p id={errorId} className="col-span-2 text-destructive">
          {errors.join(" ")}
        </p>
      ) : null}
    </Form>
  );
}
