import { ChevronsUpDown, X } from "lucide-react";
import { useId, useRef, useState, type KeyboardEvent } from "react";

import { messages } from "~/lib/messages.fr";
import { cn } from "~/lib/utils";

import { ComboboxPanel, type SelectOption } from "./combobox";
import { useFieldControl } from "./field";
import { Popover, PopoverAnchor, PopoverContent, PopoverTrigger } from "./popover";

type MultiSelectProps = {
  options: readonly SelectOption[];
  value: readonly string[];
  onValueChange: (value: string[]) => void;
  /** Largest number of choices; picks beyond it are ignored. */
  max?: number;
  placeholder?: string;
  searchPlaceholder?: string;
  emptyText?: string;
  /** Submits each value with the form under this name. */
  name?: string;
  id?: string;
  disabled?: boolean;
  className?: string;
  /** Needed when the control is not inside a `Field`. */
  "aria-label"?: string;
  "aria-describedby"?: string;
  "aria-invalid"?: boolean;
};

/** Several choices from a searchable list, shown as removable chips. */
export function MultiSelect({
  options,
  value,
  onValueChange,
  max,
  placeholder = messages.ui.select,
  searchPlaceholder,
  emptyText,
  name,
  disabled,
  className,
  "aria-label": ariaLabel,
  ...own
}: MultiSelectProps) {
  const [open, setOpen] = useState(false);
  const summaryId = useId();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const chipsRef = useRef<HTMLUListElement>(null);
  const { labelId, controlProps } = useFieldControl(own);
  const maxNote = max !== undefined && value.length >= max ? messages.ui.maxReached(max) : null;
  const full = maxNote !== null;
  const chosen = value
    .map((v) => options.find((option) => option.value === v))
    .filter((option) => option !== undefined);
  const summary = value.length > 0 ? messages.ui.selectedCount(value.length) : placeholder;

  function toggle(picked: string) {
    if (value.includes(picked)) onValueChange(value.filter((v) => v !== picked));
    else if (!full) onValueChange([...value, picked]);
  }

  function remove(index: number) {
    const removed = chosen[index];
    if (!removed) return;
    onValueChange(value.filter((v) => v !== removed.value));
    // Keep the keyboard user in the chip list: focus the next chip, else the previous, else the trigger.
    requestAnimationFrame(() => {
      const buttons = chipsRef.current?.querySelectorAll("button");
      const next = buttons?.[Math.min(index, buttons.length - 1)];
      (next ?? triggerRef.current)?.focus();
    });
  }

  function onChipKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    if (event.key === "Backspace" || event.key === "Delete") {
      event.preventDefault();
      remove(index);
    }
  }

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverAnchor asChild>
        <div
          className={cn(
            "flex min-h-10 w-full flex-wrap items-center gap-1.5 rounded-md border border-input bg-background p-1.5 shadow-sm has-aria-invalid:border-destructive",
            disabled && "cursor-not-allowed opacity-50",
            className,
          )}
        >
          {chosen.length > 0 ? (
            <ul ref={chipsRef} role="list" className="contents">
              {chosen.map((option, index) => (
                <li
                  key={option.value}
                  className="inline-flex max-w-full items-center gap-1 rounded-sm bg-secondary py-0.5 pr-0.5 pl-2 text-sm text-secondary-foreground"
                >
                  {option.prefix ? <span className="shrink-0">{option.prefix}</span> : null}
                  <span className="truncate">{option.label}</span>
                  <button
                    type="button"
                    disabled={disabled}
                    aria-label={messages.ui.removeItem(option.label)}
                    onClick={() => remove(index)}
                    onKeyDown={(event) => onChipKeyDown(event, index)}
                    className="inline-flex size-6 items-center justify-center rounded-sm hover:bg-background/60 focus-visible:outline-2 focus-visible:outline-ring"
                  >
                    <X aria-hidden="true" className="size-3.5" />
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <PopoverTrigger asChild>
            <button
              ref={triggerRef}
              type="button"
              disabled={disabled}
              {...controlProps}
              aria-label={ariaLabel ? `${ariaLabel} : ${summary}` : undefined}
              aria-labelledby={!ariaLabel && labelId ? `${labelId} ${summaryId}` : undefined}
              className="flex h-7 min-w-24 flex-1 items-center justify-between gap-2 rounded-sm px-1.5 text-left text-base text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring disabled:cursor-not-allowed md:text-sm"
            >
              <span id={summaryId} className={cn("truncate", value.length > 0 && "sr-only")}>
                {summary}
              </span>
              <ChevronsUpDown aria-hidden="true" className="size-4 shrink-0 opacity-60" />
            </button>
          </PopoverTrigger>
        </div>
      </PopoverAnchor>
      <PopoverContent
        aria-label={ariaLabel}
        aria-labelledby={ariaLabel ? undefined : labelId}
        className="w-(--radix-popover-trigger-width) min-w-64 p-0"
      >
        <ComboboxPanel
          options={options}
          multiple
          isSelected={(candidate) => value.includes(candidate)}
          isDisabled={(candidate) => full && !value.includes(candidate)}
          onSelect={toggle}
          searchPlaceholder={searchPlaceholder}
          emptyText={emptyText}
          labelledBy={labelId}
          footer={
            maxNote ? (
              <p role="status" className="border-t px-3 py-2 text-xs text-muted-foreground">
                {maxNote}
              </p>
            ) : null
          }
        />
      </PopoverContent>
      {name ? value.map((v) => <input key={v} type="hidden" name={name} value={v} />) : null}
    </Popover>
  );
}
