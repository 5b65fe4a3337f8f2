import { useEffect } from "react";
import { useLocation, useNavigationType } from "react-router";

/**
 * Every new page starts at the top, unless a hash targets a section. Back and forward (POP) are
 * left to the router's scroll restoration, so that they return to where the reader was.
 */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType !== "POP" && !hash) window.scrollTo(0, 0);
  }, [pathname, hash, navigationType]);
  return null;
}
