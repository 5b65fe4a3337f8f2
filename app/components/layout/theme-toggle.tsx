import { Moon, Sun } from "lucide-react";
import { useLayoutEffect, useSyncExternalStore } from "react";
import { useLocation } from "react-router";

import { Button } from "~/components/ui/button";
import { messages } from "~/lib/messages.fr";
import { isLightOnlyPath, THEME_STORAGE_KEY, type Theme } from "~/lib/theme";
import { cn } from "~/lib/utils";

function readStoredTheme(): Theme | null {
  try {
    const value = window.localStorage.getItem(THEME_STORAGE_KEY);
    return value === "light" || value === "dark" ? value : null;
  } catch {
    return null;
  }
}

function systemTheme(): Theme {
  return window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

/** Sets the class and data attribute that the pre-paint script of the root sets on first load. */
function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.classList.toggle("dark", theme === "dark");
  root.dataset.theme = theme;
}

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
  return () => observer.disconnect();
}

/**
 * The theme shown, read from the `dark` class of <html>. Null on the server and while hydrating:
 * only the browser knows the saved choice, so the server renders a neutral state.
 */
function useShownTheme(): Theme | null {
  return useSyncExternalStore(
    subscribe,
    () => (document.documentElement.classList.contains("dark") ? "dark" : "light"),
    () => null,
  );
}

/**
 * Keeps the zone and application pages light (docs/product.md, section 2) across client-side navigation:
 * entering one removes the `dark` class, leaving it restores the saved or system theme. Runs
 * before paint so that the page never shows in the wrong theme.
 */
export function useForcedLightTheme(): void {
  const forceLight = isLightOnlyPath(useLocation().pathname);
  useLayoutEffect(() => {
    applyTheme(forceLight ? "light" : (readStoredTheme() ?? systemTheme()));
  }, [forceLight]);
}

/**
 * Switches between the light and dark themes and saves the choice under localStorage 'theme'.
 * Hidden on the light-only pages. The icon follows the `dark` class through CSS, so it is right
 * before hydration too.
 */
export function ThemeToggle({ className }: { className?: string }) {
  const { pathname } = useLocation();
  const theme = useShownTheme();
  if (isLightOnlyPath(pathname)) return null;

  const label =
    theme === null
      ? messages.theme.toggle
      : theme === "dark"
        ? messages.theme.toLight
        : messages.theme.toDark;

  function toggle() {
    const next: Theme = document.documentElement.classList.contains("dark") ? "light" : "dark";
    try {
      window.localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // Private browsing may refuse storage: the theme still changes for this visit.
    }
    applyTheme(next);
  }

  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      onClick={toggle}
      aria-label={label}
      title={label}
      className={cn("text-foreground", className)}
    >
      <Moon aria-hidden="true" className="size-5 dark:hidden" />
      <Sun aria-hidden="true" className="hidden size-5 dark:block" />
    </Button>
  );
}
