import type { FieldMetadata } from "@conform-to/react";

import { cn } from "~/lib/utils";
import { applicationMessages } from "~/lib/messages/application.fr";

const a = applicationMessages;

export const YES_NO = [
  { value: "true", label: a.yes },
  { value: "false", label: a.no },
] as const;

/** A question answered by one of a few choices: native radio buttons in a fieldset. */
export function ChoiceGroup({
  legend,
  field,
  choices,
}: {
  legend: string;
  field: FieldMetadata<unknown>;
  choices: readonly { value: string; label: string }[];
}) {
  const invalid = Boolean(field.errors?.length);
  return (
    <fieldset
      className="grid gap-3"
      aria-describedby={invalid ? field.errorId : undefined}
      aria-invalid={invalid || undefined}
      // The first radio takes the focus when the question has to be answered.
      id={field.id}
      tabIndex={-1}
    >
      <legend className="mb-1 text-sm font-medium">
        {legend}
        <span aria-hidden="true" className="text-destructive">
          {" *"}
        </span>
      </legend>
      <div className="flex flex-wrap gap-3">
        {choices.map((choice) => {
          const id = `${field.id}-${choice.value}`;
          return (
            <label
              key={choice.value}
              htmlFor={id}
              className={cn(
                "flex min-h-11 cursor-pointer items-center gap-3 rounded-md border bg-background px-4 py-2 text-sm transition-colors has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring",
                invalid && "border-destructive",
              )}
            >
              <input
                id={id}
                type="radio"
                name={field.name}
                value={choice.value}
                defaultChecked={field.initialValue === choice.value}
                className="size-4 accent-primary"
              />
              {choice.label}
            </label>
          );
        })}
      </div>
      {invalid ? (
        <p id={field.errorId} className="text-sm font-medium text-destructive">
          {field.errors!.join(" ")}
        </p>
      ) : null}
    </fieldset>
  );
}
