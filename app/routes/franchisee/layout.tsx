import { TriangleAlert } from "lucide-react";
import { asc, eq } from "drizzle-orm";
import { isRouteErrorResponse, Link, Outlet } from "react-router";

import { serviceZones } from "#db/schema";
import { FRANCHISEE_NAV } from "~/components/franchisee/franchisee-nav";
import { BackOfficeShell } from "~/components/layout/back-office-shell";
import { ErrorFallback } from "~/components/layout/error-fallback";
import type { Route } from "./+types/layout";
import { requireFranchisee } from "./guard.server";
import { franchiseeMessages } from "~/lib/messages/franchisee.fr";
import { backOfficeMessages } from "~/lib/messages/back-office.fr";

const t = backOfficeMessages.shell;

export async function loader({ request, url }: Route.LoaderArgs) {
  const { user, franchisee, db } = await requireFranchisee({ request, url });
  const zones = await db
    .select({ name: serviceZones.zoneName })
    .from(serviceZones)
    .where(eq(serviceZones.franchiseeId, franchisee.id))
    .orderBy(asc(serviceZones.zoneName));
  return {
    businessName: franchisee.businessName,
    name: user.name || user.firstName || user.email,
    zones: zones.map((z) => z.name),
  };
}

export default function Layout({ loaderData }: Route.ComponentProps) {
  const { businessName, name, zones } = loaderData;
  const place = `${businessName} · ${zones.length > 0 ? t.zones(zones.join(", ")) : t.noZone}`;
  return (
    <BackOfficeShell
      area={t.franchiseeArea}
      navLabel={franchiseeMessages.nav.label}
      links={FRANCHISEE_NAV}
      person={{ name, place }}
    >
      <Outlet />
    </BackOfficeShell>
  );
}

/** A franchisee account linked to no franchise reads why; anything else gets the shared screen. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 403 && typeof error.data === "string") {
    return (
      <section
        id="contenu"
        role="alert"
        className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center"
      >
        <TriangleAlert aria-hidden="true" className="size-10 text-destructive" />
        <h1 className="text-2xl font-bold">{franchiseeMessages.dashboard.title}</h1>
        <p className="text-muted-foreground">{error.data}</p>
        <Link to="/" className="font-medium text-primary underline-offset-4 hover:underline">
          {t.backToSite}
        </Link>
      </section>
    );
  }
  return <ErrorFallback error={error} />;
}
