import { Outlet } from "react-router";
import { AdminNav } from "~/components/admin/admin-nav";
import { requireRole } from "~/server/auth.server";
import type { Route } from "./+types/layout";
import { adminMessages } from "~/lib/messages/admin.fr";

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, ["admin"]);
  return null;
}

export default function Layout() {
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-8 sm:py-10">
      <div className="grid gap-3">
        <p className="text-sm font-medium text-muted-foreground">{adminMessages.role}</p>
        <AdminNav />
      </div>
      <Outlet />
    </div>
  );
}
