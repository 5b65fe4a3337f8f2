import { Link } from "react-router";
import { messages } from "~/lib/messages.fr";

/**
 * « Oups ! Page introuvable » with the way home: an address that is not one, and a page whose
 * loader answers 404 (a booking, a receipt or a page that is not this visitor's to see).
 */
export function NotFoundPage() {
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
