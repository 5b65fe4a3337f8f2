import { House, RotateCcw, TriangleAlert } from "lucide-react";
import { isRouteErrorResponse, Link, useLocation, useNavigate } from "react-router";

import { NotFoundPage } from "~/components/layout/not-found-page";
import { Button } from "~/components/ui/button";
import { messages } from "~/lib/messages.fr";

/** The screen of any uncaught error (docs/product.md, section 2); 'Réessayer' reloads the current route. */
export function ErrorFallback({ error }: { error: unknown }) {
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  // Navigating to the same URL (a new location) clears the error and runs the route again.
  // ('.' would resolve against the root route, i.e. '/'.)
  const retry = () => void navigate(`${pathname}${search}${hash}`, { replace: true });
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // A page whose loader says 404 reads as an address that is not one: nothing to try again.
  if (status === 404) return <NotFoundPage />;
  return (
    <section
      role="alert"
      className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center sm:py-28"
    >
      <span className="flex size-16 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <TriangleAlert aria-hidden="true" className="size-8" />
      </span>
      <h1 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
        {messages.fallback.title}
      </h1>
      <p className="text-muted-foreground">{messages.fallback.text}</p>
      {status !== 500 ? <p className="text-sm text-muted-foreground">Code {status}</p> : null}
      <div className="mt-4 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Button type="button" size="lg" onClick={retry}>
          <RotateCcw aria-hidden="true" />
          {messages.fallback.retry}
        </Button>
        <Button asChild variant="outline" size="lg">
          <Link to="/">
            <House aria-hidden="true" />
            {messages.notFound.home}
          </Link>
        </Button>
      </div>
    </section>
  );
}
