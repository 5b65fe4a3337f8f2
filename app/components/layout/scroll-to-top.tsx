import { useEffect } from "react";
import { useLocation } from "react-router";

/** Every page starts at the top on navigation, unless a hash targets a section. */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}
