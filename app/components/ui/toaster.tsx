import { X } from "lucide-react";
import { useEffect, useRef, useState } from "react";

import { messages } from "~/lib/messages.fr";
import { cn } from "~/lib/utils";

import { dismissToast, useToast, type ToastItem } from "./toast";

/**
 * Renders the toasts sent with `toast()` in a polite live region, bottom of the screen.
 * Mount it once, in the root layout.
 */
export function Toaster() {
  const { toasts } = useToast();
  return (
    <section
      aria-label={messages.ui.notifications}
      data-toast-region=""
      className="pointer-events-none fixed inset-x-0 bottom-0 z-[100] flex justify-center p-4 sm:left-auto sm:justify-end"
    >
      <ol aria-live="polite" className="flex w-full flex-col-reverse gap-2 sm:w-96">
        {toasts.map((item) => (
          <ToastCard key={item.id} item={item} />
        ))}
      </ol>
    </section>
  );
}

/** Closes the toast after its duration, paused while hovered or focused. */
function useAutoDismiss(id: string, duration: number, paused: boolean) {
  const remaining = useRef(duration);
  useEffect(() => {
    if (paused || !Number.isFinite(remaining.current)) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => dismissToast(id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - startedAt;
    };
  }, [id, paused]);
}

function ToastCard({ item }: { item: ToastItem }) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  useAutoDismiss(item.id, item.duration, hovered || focused);
  const destructive = item.variant === "destructive";

  return (
    <li
      data-variant={item.variant}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape") dismissToast(item.id);
      }}
      className={cn(
        "pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg transition-[opacity,translate] duration-200 motion-reduce:transition-none starting:translate-y-2 starting:opacity-0",
        destructive
          ? "border-destructive bg-destructive text-destructive-foreground"
          : "bg-card text-card-foreground",
      )}
    >
      <div className="grid flex-1 gap-1">
        <p className="text-sm font-semibold">{item.title}</p>
        {item.description ? (
          <p className={cn("text-sm", destructive ? undefined : "text-muted-foreground")}>
            {item.description}
          </p>
        ) : null}
      </div>
      {item.action ? (
        <button
          type="button"
          onClick={() => {
            item.action?.onClick();
            dismissToast(item.id);
          }}
          className={cn(
            "inline-flex h-8 shrink-0 items-center rounded-md border px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2",
            destructive
              ? "border-destructive-foreground/40 hover:bg-destructive-foreground/10 focus-visible:outline-destructive-foreground"
              : "border-input hover:bg-accent hover:text-accent-foreground focus-visible:outline-ring",
          )}
        >
          {item.action.label}
        </button>
      ) : null}
      <button
        type="button"
        aria-label={messages.ui.dismissNotification}
        onClick={() => dismissToast(item.id)}
        className={cn(
          "absolute top-2 right-2 inline-flex size-8 items-center justify-center rounded-md opacity-70 transition-opacity hover:opacity-100 focus-visible:opacity-100 focus-visible:outline-2",
          destructive ? "focus-visible:outline-destructive-foreground" : "focus-visible:outline-ring",
        )}
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </li>
  );
}
