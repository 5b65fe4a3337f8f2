import { useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
} from "react-router";
import type { Route } from "./+types/root";
import appCssText from "./app.css?inline";
import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import { ContactDialog } from "~/components/contact/contact-dialog";
import { isBackOfficePath } from "~/lib/back-office-path";
import { ErrorFallback } from "~/components/layout/error-fallback";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { ScrollToTop } from "~/components/layout/scroll-to-top";
import { themeScript, isLightOnlyPath } from "~/lib/theme";
import { CSP_BOOT_SCRIPT, useNonce } from "~/lib/csp-nonce";
import { ConfirmProvider } from "~/components/ui/confirm-dialog";
import { toast } from "~/components/ui/toast";
import { Toaster } from "~/components/ui/toaster";
import { getSessionUser } from "~/server/auth.server";
import { env } from "~/server/env.server";
import { readFlash, type Flash } from "~/server/flash.server";
import { localDate } from "~/domain/time/zoned";

/**
 * The stylesheet, inlined by the server (ADR 011). The browser reads it back from the page once,
 * before hydration, instead of downloading it a second time inside this module (~13 KB gzipped,
 * ADR 054): the server's build keeps the text, the browser's drops the import.
 */
const APP_CSS_ID = "app-css";
const appCss = import.meta.env.SSR ? appCssText : (document.getElementById(APP_CSS_ID)?.textContent ?? "");

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // The brand font's Latin subset, the one every page uses (app.css, ADR 047): fetched with the
  // page, so that the text most often paints in Inter at once.
  { rel: "preload", href: interLatin, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const [user, { flash, headers }] = await Promise.all([getSessionUser(request), readFlash(request)]);
  return data(
    {
      user: user ? { id: user.id, firstName: user.firstName, name: user.name, role: user.role } : null,
      flash,
      /** PUBLIC_URL, for canonical and Open Graph URLs (app/lib/seo.ts). */
      origin: env().PUBLIC_URL,
      /** The footer's © year: the current year where the business is (issue 33, item 15). */
      year: Number(localDate(new Date()).slice(0, 4)),
    },
    { headers },
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const { pathname } = useLocation();
  // The CSP nonce (ADR 033): browsers hide it from the DOM, hence no hydration warning.
  const nonce = useNonce();
  useHydratedMark();
  const lightOnly = isLightOnlyPath(pathname);
  return (
    // Light-only pages say so without a script too; elsewhere the pre-paint script sets data-theme,
    // and without JavaScript the stylesheet follows the system's theme (app.css).
    <html lang="fr-CA" data-theme={lightOnly ? "light" : undefined} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: themeScript(lightOnly) }}
        />
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: CSP_BOOT_SCRIPT }}
        />
        <Meta />
        {/* The stylesheet inlined: no render-blocking request before the first paint (ADR 011). */}
        <style
          id={APP_CSS_ID}
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: appCss }}
        />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/**
 * Marks `<html data-hydrated>` once React has hydrated the page: tools that drive the page (the
 * browser tests) wait for this mark before clicking.
 */
function useHydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
}

export default function App({ loaderData }: Route.ComponentProps) {
  useFlashToast(loaderData.flash);
  const { pathname } = useLocation();
  // The back office has its own frame (its layout routes, ADR 052): no marketing header, footer,
  // 'Réserver' or customer contact button.
  if (isBackOfficePath(pathname)) {
    return (
      <ConfirmProvider>
        <ScrollToTop />
        <Outlet />
        <Toaster />
      </ConfirmProvider>
    );
  }
  return (
    <ConfirmProvider>
      <ScrollToTop />
      <SiteHeader />
      <main id="contenu" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter year={loaderData.year} />
      <ContactDialog />
      <Toaster />
    </ConfirmProvider>
  );
}

/** Shows the one-time toast that an action left for this page (e.g. 'Connexion réussie !'). */
function useFlashToast(flash: Flash | null) {
  useEffect(() => {
    if (flash) toast(flash);
  }, [flash]);
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!isRouteErrorResponse(error)) console.error(error);
  return <ErrorFallback error={error} />;
}
