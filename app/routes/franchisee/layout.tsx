import { Outlet } from "react-router";
import { requireRole } from "~/server/auth.server";
import type { Route } from "./+types/layout";

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, ["franchisee"]);
  return null;
}

export default function Layout() {
  return <Outlet />;
}
