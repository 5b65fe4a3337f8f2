import { useEffect } from "react";
import { data, useLocation } from "react-router";
import { NotFoundPage } from "~/components/layout/not-found-page";
import { messages } from "~/lib/messages.fr";
import type { Route } from "./+types/not-found";
import { log } from "~/server/log.server";

export const meta: Route.MetaFunction = () => [
  { title: `${messages.notFound.title} | Lavage Mobile Prestige` },
  { name: "robots", content: "noindex" },
];

export function loader({ url: { pathname } }: Route.LoaderArgs) {
  log.warn(`404 : chemin introuvable ${pathname}`);
  return data(null, { status: 404 });
}

/**
 * A POST (or PUT, DELETE...) to a path that does not exist is a 404 too, not a 405 with a stack
 * (ADR 071); the loader that runs after it writes the one warning line.
 */
export function action() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  const { pathname } = useLocation();
  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", pathname);
  }, [pathname]);
  return <NotFoundPage />;
}
