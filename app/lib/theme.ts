export type Theme = "light" | "dark";
export const THEME_STORAGE_KEY = "theme";

/** The zone and application pages force the light theme (docs/product.md, section 2). */
export function isLightOnlyPath(pathname: string): boolean {
  return (
    pathname.startsWith("/franchise/") || pathname === "/application" || pathname.startsWith("/application/")
  );
}

/**
 * Runs before the first paint: applies the saved theme (localStorage 'theme'), or the system's,
 * so that the page never flashes the wrong theme.
 */
export function themeScript(forceLight: boolean): string {
  return `(function(){try{var d=document.documentElement;var f=${forceLight ? "true" : "false"};var t=null;try{t=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)})}catch(e){}if(t!=="light"&&t!=="dark"){t=window.matchMedia&&window.matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light"}d.classList.toggle("dark",!f&&t==="dark");d.dataset.theme=f?"light":t}catch(e){}})();`;
}
