import { useSyncExternalStore } from "react";

/** How long a toast stays on screen unless `duration` says otherwise (docs/product.md, section 9: 5 s). */
export const TOAST_DEFAULT_DURATION = 5000;
/** How many toasts are stacked at once; older ones give way to new ones. */
const TOAST_LIMIT = 3;

type ToastOptions = {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
  /** A button in the toast; clicking it runs `onClick`, then closes the toast. */
  action?: { label: string; onClick: () => void };
  /** Milliseconds before the toast closes by itself; `Infinity` keeps it until dismissed. */
  duration?: number;
};

export type ToastItem = Required<Pick<ToastOptions, "variant" | "duration">> &
  Omit<ToastOptions, "variant" | "duration"> & { id: string };

let toasts: readonly ToastItem[] = [];
let lastId = 0;
const listeners = new Set<() => void>();
const noToasts: readonly ToastItem[] = [];

function publish(next: readonly ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

/** Shows a toast from anywhere (component, effect, event handler); needs one `<Toaster />` mounted. */
export function toast(options: ToastOptions): { id: string; dismiss: () => void } {
  lastId += 1;
  const id = String(lastId);
  const item: ToastItem = {
    ...options,
    id,
    variant: options.variant ?? "default",
    duration: options.duration ?? TOAST_DEFAULT_DURATION,
  };
  publish([item, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

/** Closes one toast, or all of them when no id is given. */
export function dismissToast(id?: string): void {
  publish(id === undefined ? [] : toasts.filter((item) => item.id !== id));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The toasts on screen, newest first, with `toast` and `dismiss` for convenience. */
export function useToast() {
  const current = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => noToasts,
  );
  return { toasts: current, toast, dismiss: dismissToast };
}
