import { createContext, useContext, useId, type ReactNode } from "react";

import { cn } from "~/lib/utils";

import { Label } from "./label";

type FieldContextValue = {
  controlId: string;
  labelId: string;
  descriptionId: string | undefined;
  errorId: string | undefined;
  invalid: boolean;
  required: boolean;
};

const FieldContext = createContext<FieldContextValue | null>(null);

type OwnControlProps = {
  id?: string;
  "aria-describedby"?: string;
  "aria-invalid"?: boolean | "true" | "false" | "grammar" | "spelling";
  "aria-required"?: boolean | "true" | "false";
};

/**
 * Wiring for a control placed inside a `Field`: id, aria-describedby (description and error),
 * aria-invalid and aria-required. The control's own props win. Outside a Field it returns them as is.
 */
export function useFieldControl(own: OwnControlProps) {
  const field = useContext(FieldContext);
  const describedBy = [field?.descriptionId, field?.errorId, own["aria-describedby"]]
    .filter(Boolean)
    .join(" ");
  return {
    labelId: field?.labelId,
    controlProps: {
      id: own.id ?? field?.controlId,
      "aria-describedby": describedBy || undefined,
      "aria-invalid": own["aria-invalid"] ?? (field?.invalid || undefined),
      "aria-required": own["aria-required"] ?? (field?.required || undefined),
    },
  };
}

type FieldProps = {
  label: ReactNode;
  children: ReactNode;
  /** Id of the control; generated when absent (pass Conform's `field.id` to keep its wiring). */
  id?: string;
  description?: ReactNode;
  /** French error text (from the message catalogue); Conform's `field.errors` array fits as is. */
  error?: string | readonly string[] | null;
  required?: boolean;
  /** `horizontal` puts the control before its label, for checkboxes and switches. */
  orientation?: "vertical" | "horizontal";
  className?: string;
};

/** A label, one control, an optional description and the error message, wired for assistive tech. */
export function Field({
  label,
  children,
  id,
  description,
  error,
  required = false,
  orientation = "vertical",
  className,
}: FieldProps) {
  const generatedId = useId();
  const controlId = id ?? `${generatedId}-control`;
  const errors = typeof error === "string" ? [error] : (error ?? []);
  const invalid = errors.length > 0;
  const descriptionId = description ? `${controlId}-description` : undefined;
  const errorId = invalid ? `${controlId}-error` : undefined;
  const labelId = `${controlId}-label`;

  const labelElement = (
    <Label id={labelId} htmlFor={controlId} className={orientation === "vertical" ? "self-end" : undefined}>
      {label}
      {required ? (
        <span aria-hidden="true" className="text-destructive">
          {" *"}
        </span>
      ) : null}
    </Label>
  );
  const below = (
    <>
      {description ? (
        <p id={descriptionId} className="text-sm text-muted-foreground">
          {description}
        </p>
      ) : null}
      {invalid ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {errors.join(" ")}
        </p>
      ) : null}
    </>
  );

  if (orientation === "horizontal") {
    return (
      <FieldContext value={{ controlId, labelId, descriptionId, errorId, invalid, required }}>
        <div className={cn("grid gap-2", className)}>
          <div className="flex items-center gap-3">
            {children}
            {labelElement}
          </div>
          {below}
        </div>
      </FieldContext>
    );
  }

  // Two rows, the label's and the control's. Side by side in a form's grid, fields share these rows
  // (subgrid): a label on two lines or a help text under one control never offsets the inputs of
  // the row (ADR 047). Outside a grid, the same two rows stacked.
  return (
    <FieldContext value={{ controlId, labelId, descriptionId, errorId, invalid, required }}>
      <div className={cn("row-span-2 grid grid-rows-subgrid gap-2", className)}>
        {labelElement}
        <div className="grid content-start gap-2">
          {children}
          {below}
        </div>
      </div>
    </FieldContext>
  );
}
