import { Check } from "lucide-react";
import { useFetcher } from "react-router";

import { jobReportMessages } from "~/lib/messages/job-report.fr";
import { cn } from "~/lib/utils";

const t = jobReportMessages.checklist;

interface Item {
  id: string;
  label: string;
  required: boolean;
  ticked: boolean;
}

/** One step: a large toggle (aria-pressed) posted at once; the tick shows before the answer. */
function Step({ item, disabled }: { item: Item; disabled: boolean }) {
  const fetcher = useFetcher<{ ok: boolean; error?: string }>();
  const pending = fetcher.formData?.get("checked");
  const ticked = pending === undefined || pending === null ? item.ticked : pending === "true";
  const failed = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok;
  return (
    <li>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="tick" />
        <input type="hidden" name="stepId" value={item.id} />
        <input type="hidden" name="checked" value={String(!ticked)} />
        <button
          type="submit"
          aria-pressed={ticked}
          disabled={disabled}
          className="flex min-h-12 w-full items-center gap-3 rounded-md border bg-background px-3 py-2 text-left text-sm hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:opacity-70"
        >
          <span
            aria-hidden="true"
            className={cn(
              "grid size-6 shrink-0 place-items-center rounded border-2",
              ticked ? "border-primary bg-primary text-primary-foreground" : "border-muted-foreground",
            )}
          >
            {ticked ? <Check className="size-4" /> : null}
          </span>
          <span className="flex-1">
            {item.label}
            <span className="sr-only"> ({item.required ? t.required : t.optional})</span>
          </span>
          {item.required ? (
            <span aria-hidden="true" className="text-xs text-muted-foreground">
              {t.required}
            </span>
          ) : null}
        </button>
      </fetcher.Form>
      {failed ? (
        <p role="alert" className="mt-1 text-sm text-destructive">
          {fetcher.data?.error ?? t.error}
        </p>
      ) : null}
    </li>
  );
}

/** The service's checklist at one stop (ADR 088), ticked by the crew as the job goes. */
export function Checklist({ items, closed }: { items: Item[]; closed: boolean }) {
  const done = items.filter((i) => i.ticked).length;
  return (
    <section aria-labelledby="checklist-title" className="grid gap-3 rounded-lg border p-4">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="checklist-title" className="text-lg font-semibold">
          {t.title}
        </h2>
        {items.length > 0 ? (
          <p className="text-sm text-muted-foreground">{t.progress(done, items.length)}</p>
        ) : null}
      </div>
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t.empty}</p>
      ) : (
        <ul className="grid gap-2" data-testid="checklist">
          {items.map((item) => (
            <Step key={item.id} item={item} disabled={closed} />
          ))}
        </ul>
      )}
    </section>
  );
}
