import { useCallback, useRef, useState } from "react";

/**
 * A module that a page loads on the visitor's first use of a control rather than with the page
 * (ADR 054): the contact dialog, the phone menu. `prefetch()` starts the download (pointer over the
 * control, focus); `request()` starts it too and resolves with the module, or rejects when the
 * download fails (the caller then falls back to the control's link). `module` is set once it has
 * arrived, and re-renders the caller.
 */
export function useOnDemand<T>(load: () => Promise<T>) {
  const [module, setModule] = useState<T | null>(null);
  const loading = useRef<Promise<T> | null>(null);
  const request = useCallback(() => {
    loading.current ??= load().then(
      (loaded) => {
        setModule(() => loaded);
        return loaded;
      },
      (error: unknown) => {
        // A later press tries again (a network that came back).
        loading.current = null;
        throw error;
      },
    );
    return loading.current;
  }, [load]);
  const prefetch = useCallback(() => {
    request().catch(() => {});
  }, [request]);
  return { module, request, prefetch };
}
