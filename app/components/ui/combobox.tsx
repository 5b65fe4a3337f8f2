import { Check, Search } from "lucide-react";
import { useId, useState, type KeyboardEvent, type ReactNode } from "react";

import { messages } from "~/lib/messages.fr";
import { cn } from "~/lib/utils";

/** Trigger button look shared by SearchSelect and DatePicker. */
export const comboboxTriggerClasses =
  "flex min-h-10 w-full items-center justify-between gap-2 rounded-md border border-input bg-background px-3 py-2 text-left text-base shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive md:text-sm";

/** A choice of SearchSelect and MultiSelect (value, label, optional prefix and group). */
export type SelectOption = {
  value: string;
  label: string;
  /** Shown before the label, e.g. a flag or an icon. */
  prefix?: ReactNode;
  /** Options sharing a group are shown together under that heading. */
  group?: string;
};

/** Keeps the options whose label contains the query, ignoring case. */
export function filterOptions(options: readonly SelectOption[], query: string): SelectOption[] {
  const needle = query.trim().toLocaleLowerCase("fr-CA");
  if (!needle) return [...options];
  return options.filter((option) => option.label.toLocaleLowerCase("fr-CA").includes(needle));
}

type OptionGroup = { name: string | undefined; options: SelectOption[] };

/** Groups options by `group`, in order of first appearance; ungrouped options come first. */
function groupOptions(options: readonly SelectOption[]): OptionGroup[] {
  const groups: OptionGroup[] = [{ name: undefined, options: [] }];
  for (const option of options) {
    let group = groups.find((candidate) => candidate.name === option.group);
    if (!group) {
      group = { name: option.group, options: [] };
      groups.push(group);
    }
    group.options.push(option);
  }
  return groups.filter((group) => group.options.length > 0);
}

type ComboboxPanelProps = {
  options: readonly SelectOption[];
  isSelected: (value: string) => boolean;
  onSelect: (value: string) => void;
  /** Options that cannot be picked right now (e.g. a maximum is reached). */
  isDisabled?: (value: string) => boolean;
  multiple?: boolean;
  searchPlaceholder?: string;
  emptyText?: string;
  /** Id of the element naming the list (the field label). */
  labelledBy?: string;
  footer?: ReactNode;
};

/**
 * Search box and list of options shown inside a popover: typing filters, the arrow keys,
 * Home and End move the active option, Enter picks it.
 */
export function ComboboxPanel({
  options,
  isSelected,
  onSelect,
  isDisabled = () => false,
  multiple = false,
  searchPlaceholder = messages.ui.search,
  emptyText = messages.ui.noOptions,
  labelledBy,
  footer,
}: ComboboxPanelProps) {
  const listboxId = useId();
  const [query, setQuery] = useState("");
  const groups = groupOptions(filterOptions(options, query));
  // Display order (ungrouped first, then by group) is also the keyboard order.
  const visible = groups.flatMap((group) => group.options);
  const enabled = visible.filter((option) => !isDisabled(option.value));
  const [activeValue, setActiveValue] = useState<string | undefined>(
    () => (enabled.find((option) => isSelected(option.value)) ?? enabled[0])?.value,
  );
  const active = enabled.find((option) => option.value === activeValue) ?? enabled[0];
  const optionId = (value: string) => `${listboxId}-${visible.findIndex((o) => o.value === value)}`;

  function moveTo(option: SelectOption | undefined) {
    if (!option) return;
    setActiveValue(option.value);
    document.getElementById(optionId(option.value))?.scrollIntoView?.({ block: "nearest" });
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const index = active ? enabled.indexOf(active) : -1;
    const moves: Record<string, SelectOption | undefined> = {
      ArrowDown: enabled[Math.min(index + 1, enabled.length - 1)],
      ArrowUp: enabled[Math.max(index - 1, 0)],
      Home: enabled[0],
      End: enabled[enabled.length - 1],
    };
    if (event.key in moves) {
      event.preventDefault();
      moveTo(moves[event.key]);
    } else if (event.key === "Enter") {
      event.preventDefault();
      if (active) onSelect(active.value);
    }
  }

  return (
    <div className="flex flex-col">
      <div className="flex items-center gap-2 border-b px-3">
        <Search aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        <input
          role="combobox"
          aria-expanded="true"
          aria-controls={listboxId}
          aria-autocomplete="list"
          aria-activedescendant={active ? optionId(active.value) : undefined}
          aria-label={searchPlaceholder}
          autoComplete="off"
          placeholder={searchPlaceholder}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={onKeyDown}
          className="h-10 w-full bg-transparent text-base outline-none placeholder:text-muted-foreground md:text-sm"
        />
      </div>
      <div
        id={listboxId}
        role="listbox"
        aria-labelledby={labelledBy}
        aria-multiselectable={multiple || undefined}
        className="max-h-64 overflow-y-auto p-1"
      >
        {groups.map((group) => (
          <OptionGroupView key={group.name ?? ""} name={group.name}>
            {group.options.map((option) => {
              const selected = isSelected(option.value);
              const disabled = isDisabled(option.value);
              return (
                <div
                  key={option.value}
                  id={optionId(option.value)}
                  role="option"
                  aria-selected={selected}
                  aria-disabled={disabled || undefined}
                  data-active={option === active || undefined}
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => !disabled && setActiveValue(option.value)}
                  onClick={() => !disabled && onSelect(option.value)}
                  className="flex cursor-pointer items-center gap-2 rounded-sm px-2 py-2 text-sm select-none aria-disabled:cursor-not-allowed aria-disabled:opacity-50 data-active:bg-accent data-active:text-accent-foreground"
                >
                  <Check
                    aria-hidden="true"
                    className={cn("size-4 shrink-0", selected ? "opacity-100" : "opacity-0")}
                  />
                  {option.prefix ? <span className="shrink-0">{option.prefix}</span> : null}
                  <span className="truncate">{option.label}</span>
                </div>
              );
            })}
          </OptionGroupView>
        ))}
      </div>
      {visible.length === 0 ? (
        <p role="status" className="px-3 pb-4 text-center text-sm text-muted-foreground">
          {emptyText}
        </p>
      ) : null}
      {footer}
    </div>
  );
}

function OptionGroupView({ name, children }: { name: string | undefined; children: ReactNode }) {
  const headingId = useId();
  if (name === undefined) return <>{children}</>;
  return (
    <div role="group" aria-labelledby={headingId} className="py-1">
      <div
        id={headingId}
        role="presentation"
        className="px-2 py-1.5 text-xs font-semibold text-muted-foreground"
      >
        {name}
      </div>
      {children}
    </div>
  );
}
