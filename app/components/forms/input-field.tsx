import { getInputProps, type FieldMetadata } from "@conform-to/react";
import type { ComponentProps } from "react";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";

/** A labelled one-line input bound to a Conform field (its id, errors and constraints). */
export function InputField({
  meta,
  label,
  type = "text",
  description,
  required,
  className,
  ...inputProps
}: {
  meta: FieldMetadata<string | undefined>;
  label: string;
  type?: "text" | "password" | "tel" | "email";
  description?: string;
  required?: boolean;
  className?: string;
} & Pick<ComponentProps<"input">, "inputMode" | "autoCapitalize" | "autoComplete">) {
  return (
    <Field
      label={label}
      id={meta.id}
      error={meta.errors}
      description={description}
      required={required}
      className={className}
    >
      <Input {...inputProps} {...getInputProps(meta, { type, ariaAttributes: false })} />
    </Field>
  );
}
