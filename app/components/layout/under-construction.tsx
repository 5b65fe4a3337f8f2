import { Construction } from "lucide-react";
import { Link } from "react-router";
import { messages } from "~/lib/messages.fr";

/** The short French page shown by screens that a later release delivers. */
export function UnderConstruction({ title }: { title: string }) {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center gap-4 px-4 py-24 text-center">
      <Construction aria-hidden className="size-12 text-primary" />
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <p className="text-muted-foreground">
        {messages.underConstruction.title}. {messages.underConstruction.text}
      </p>
      <Link to="/" className="font-medium text-primary underline-offset-4 hover:underline">
        {messages.notFound.home}
      </Link>
    </section>
  );
}
