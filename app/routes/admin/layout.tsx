import { Outlet } from "react-router";
import { AdminNav } from "~/components/admin/admin-nav";
import { messages } from "~/lib/messages.fr";
import { requireRole } from "~/server/auth.server";
import type { Route } from "./+types/layout";

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, ["admin"]);
  return null;
}

export default function Layout() {
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-8 sm:py-10">
      <div className="grid gap-3">
        <p className="text-sm font-medium text-muted-foreground">{messages.admin.role}</p>
        <AdminNav />
      </div>
      <Outlet />
    </div>
  );
}
