import { useEffect } from "react";
import { data, Link, useLocation } from "react-router";
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
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <p className="text-6xl font-extrabold text-primary">404</p>
      <h1 className="text-3xl font-bold tracking-tight">{messages.notFound.title}</h1>
      <p className="text-muted-foreground">{messages.notFound.text}</p>
      <Link to="/" className="font-medium text-primary underline-offset-4 hover:underline">
        {messages.notFound.home}
      </Link>
    </section>
  );
}
