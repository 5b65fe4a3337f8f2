import { useEffect, useRef } from "react";
import { useNavigation, useRevalidator } from "react-router";

/** How often the open schedule asks for the crew's steps again (ADR 078). */
export const SCHEDULE_REFRESH_MS = 20_000;

/**
 * Keeps the page's data fresh without a reload (ADR 078): revalidates its loaders every
 * `intervalMs` while the tab is visible and nothing else is loading, and at once when the tab
 * comes back into view.
 */
export function useLiveSchedule(intervalMs = SCHEDULE_REFRESH_MS): void {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const latest = useRef({ revalidator, navigation });
  useEffect(() => {
    latest.current = { revalidator, navigation };
  });
  useEffect(() => {
    const refresh = () => {
      const { revalidator: r, navigation: n } = latest.current;
      if (document.visibilityState !== "visible" || n.state !== "idle" || r.state !== "idle") return;
      void r.revalidate();
    };
    const timer = window.setInterval(refresh, intervalMs);
    document.addEventListener("visibilitychange", refresh);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", refresh);
    };
  }, [intervalMs]);
}
