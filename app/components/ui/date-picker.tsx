import { format, isAfter, isBefore, isValid, parseISO, startOfToday } from "date-fns";
import { frCA } from "date-fns/locale/fr-CA";
import { CalendarDays } from "lucide-react";
import { useId, useState } from "react";

import { messages } from "~/lib/messages.fr";
import { cn } from "~/lib/utils";

import { Button } from "./button";
import { Calendar } from "./calendar";
import { comboboxTriggerClasses } from "./combobox";
import { useFieldControl } from "./field";
import { Popover, PopoverContent, PopoverTrigger } from "./popover";

/** The format of every value the date picker reads and reports. */
const DATE_VALUE_FORMAT = "yyyy-MM-dd";

function parseDateValue(value: string | undefined): Date | undefined {
  if (!value) return undefined;
  const date = parseISO(value);
  return isValid(date) ? date : undefined;
}

type DatePickerProps = {
  /** The chosen day as yyyy-MM-dd, or "" when none. */
  value: string;
  onValueChange: (value: string) => void;
  placeholder?: string;
  /** Earliest and latest days that can be picked, as yyyy-MM-dd. */
  min?: string;
  max?: string;
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

/** A button showing the chosen day that opens a French calendar with Effacer and Aujourd'hui. */
export function DatePicker({
  value,
  onValueChange,
  placeholder = messages.ui.pickDate,
  min,
  max,
  name,
  disabled,
  className,
  "aria-label": ariaLabel,
  ...own
}: DatePickerProps) {
  const [open, setOpen] = useState(false);
  const valueId = useId();
  const { labelId, controlProps } = useFieldControl(own);
  const selected = parseDateValue(value);
  const minDate = parseDateValue(min);
  const maxDate = parseDateValue(max);
  const isDisabled = (date: Date) =>
    (minDate !== undefined && isBefore(date, minDate)) || (maxDate !== undefined && isAfter(date, maxDate));
  const display = selected ? format(selected, "d MMMM yyyy", { locale: frCA }) : placeholder;

  function commit(date: Date | undefined) {
    onValueChange(date ? format(date, DATE_VALUE_FORMAT) : "");
    setOpen(false);
  }

  return (
    <>
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger asChild>
          <button
            type="button"
            disabled={disabled}
            {...controlProps}
            aria-label={ariaLabel ? `${ariaLabel} : ${display}` : undefined}
            aria-labelledby={!ariaLabel && labelId ? `${labelId} ${valueId}` : undefined}
            className={cn(comboboxTriggerClasses, className)}
          >
            <span id={valueId} className={cn("truncate", !selected && "text-muted-foreground")}>
              {display}
            </span>
            <CalendarDays aria-hidden="true" className="size-4 shrink-0 opacity-60" />
          </button>
        </PopoverTrigger>
        <PopoverContent
          aria-label={messages.ui.calendar}
          className="w-auto p-3"
          onOpenAutoFocus={(event) => event.preventDefault()}
        >
          <Calendar selected={selected} onSelect={commit} isDisabled={isDisabled} autoFocus />
          <div className="mt-3 flex justify-between gap-2 border-t pt-3">
            <Button variant="ghost" size="sm" onClick={() => commit(undefined)}>
              {messages.ui.clear}
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={isDisabled(startOfToday())}
              onClick={() => commit(startOfToday())}
            >
              {messages.ui.today}
            </Button>
          </div>
        </PopoverContent>
      </Popover>
      {name ? <input type="hidden" name={name} value={value} /> : null}
    </>
  );
}
