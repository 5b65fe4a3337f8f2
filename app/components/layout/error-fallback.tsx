import { isRouteErrorResponse, useNavigate } from "react-router";
import { messages } from "~/lib/messages.fr";

/** The screen of any uncaught error (spec section 2); 'Réessayer' reloads the current route. */
export function ErrorFallback({ error }: { error: unknown }) {
  const navigate = useNavigate();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <section role="alert" className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="text-3xl font-bold tracking-tight">{messages.fallback.title}</h1>
      <p className="text-muted-foreground">{messages.fallback.text}</p>
      {status !== 500 ? <p className="text-sm text-muted-foreground">Code {status}</p> : null}
      <button
        type="button"
        onClick={() => navigate(".", { replace: true })}
        className="rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground"
      >
        {messages.fallback.retry}
      </button>
    </section>
  );
}
