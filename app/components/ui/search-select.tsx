import { ChevronsUpDown } from "lucide-react";
import { useId, useState } from "react";

import { messages } from "~/lib/messages.fr";
import { cn } from "~/lib/utils";

import { ComboboxPanel, comboboxTriggerClasses, type SelectOption } from "./combobox";
import { useFieldControl } from "./field";
import { Popover, PopoverContent, PopoverTrigger } from "./popover";

type SearchSelectProps = {
  options: readonly SelectOption[];
  /** The chosen value, or "" when none. */
  value: string;
  onValueChange: (value: string) => void;
  placeholder?: string;
  searchPlaceholder?: string;
  emptyText?: string;
  /** Submits the value with the form under this name. */
  name?: string;
  id?: string;
  disabled?: boolean;
  className?: string;
  /** Needed when the control is not inside a `Field`. */
  "aria-label"?: string;
  "aria-describedby"?: string;
  "aria-invalid"?: boolean;
};

/** A single choice in a long list, with a search box that filters the options by label. */
export function SearchSelect({
  options,
  value,
  onValueChange,
  placeholder = messages.ui.select,
  searchPlaceholder,
  emptyText,
  name,
  disabled,
  className,
  "aria-label": ariaLabel,
  ...own
}: SearchSelectProps) {
  const [open, setOpen] = useState(false);
  const valueId = useId();
  const { labelId, controlProps } = useFieldControl(own);
  const selected = options.find((option) => option.value === value);

  return (
    <>
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger asChild>
          <button
            type="button"
            disabled={disabled}
            {...controlProps}
            aria-label={ariaLabel ? `${ariaLabel} : ${selected?.label ?? placeholder}` : undefined}
            aria-labelledby={!ariaLabel && labelId ? `${labelId} ${valueId}` : undefined}
            className={cn(comboboxTriggerClasses, className)}
          >
            <span
              id={valueId}
              className={cn("flex min-w-0 items-center gap-2", !selected && "text-muted-foreground")}
            >
              {selected?.prefix ? <span className="shrink-0">{selected.prefix}</span> : null}
              <span className="truncate">{selected?.label ?? placeholder}</span>
            </span>
            <ChevronsUpDown aria-hidden="true" className="size-4 shrink-0 opacity-60" />
          </button>
        </PopoverTrigger>
        <PopoverContent
          aria-label={ariaLabel}
          aria-labelledby={ariaLabel ? undefined : labelId}
          className="w-(--radix-popover-trigger-width) min-w-56 p-0"
        >
          <ComboboxPanel
            options={options}
            isSelected={(candidate) => candidate === value}
            onSelect={(picked) => {
              onValueChange(picked);
              setOpen(false);
            }}
            searchPlaceholder={searchPlaceholder}
            emptyText={emptyText}
            labelledBy={labelId}
          />
        </PopoverContent>
      </Popover>
      {name ? <input type="hidden" name={name} value={value} /> : null}
    </>
  );
}
