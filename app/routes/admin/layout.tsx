import { Outlet } from "react-router";
import { ADMIN_NAV } from "~/components/admin/admin-nav";
import { BackOfficeShell } from "~/components/layout/back-office-shell";
import { requireRole } from "~/server/http/require-role.server";
import type { Route } from "./+types/layout";
import { adminMessages } from "~/lib/messages/admin.fr";
import { backOfficeMessages } from "~/lib/messages/back-office.fr";

const t = backOfficeMessages.shell;

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireRole({ request, url }, ["admin"]);
  return { name: user.name || user.firstName || user.email };
}

export default function Layout({ loaderData }: Route.ComponentProps) {
  return (
    <BackOfficeShell
      area={t.adminArea}
      navLabel={adminMessages.nav.label}
      links={ADMIN_NAV}
      person={{ name: loaderData.name, place: `${adminMessages.role} · ${t.headOffice}` }}
    >
      <div className="grid gap-6">
        <Outlet />
      </div>
    </BackOfficeShell>
  );
}
