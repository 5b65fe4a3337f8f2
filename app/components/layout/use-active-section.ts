import { useCallback, useSyncExternalStore } from "react";

function subscribe(onChange: () => void): () => void {
  window.addEventListener("scroll", onChange, { passive: true });
  window.addEventListener("resize", onChange);
  return () => {
    window.removeEventListener("scroll", onChange);
    window.removeEventListener("resize", onChange);
  };
}

/**
 * The id of the landing section being read: the last of `ids` whose top has come within
 * `offset` px of the top of the viewport (docs/product.md, section 2: within 100 px), or the last section
 * once the page is scrolled to the bottom; the first section above them all. Null when disabled,
 * on the server, or when the page has none of them.
 */
export function useActiveSection(ids: readonly string[], offset: number, enabled: boolean): string | null {
  const getSnapshot = useCallback((): string | null => {
    if (!enabled) return null;
    const sections = ids
      .map((id) => document.getElementById(id))
      .filter((element): element is HTMLElement => element !== null);
    const root = document.documentElement;
    if (
      sections.length > 0 &&
      window.scrollY > 0 &&
      window.innerHeight + window.scrollY >= root.scrollHeight - 2
    ) {
      return sections.at(-1)?.id ?? null;
    }
    let active = sections[0]?.id ?? null;
    for (const section of sections) {
      if (section.getBoundingClientRect().top - offset <= 0) active = section.id;
    }
    return active;
  }, [ids, offset, enabled]);
  return useSyncExternalStore(subscribe, getSnapshot, () => null);
}
