import { Link } from "react-router";
import { BUSINESS } from "~/lib/business";

export function SiteHeader() {
  return (
    <header className="border-b bg-background">
      <nav aria-label="Navigation principale" className="mx-auto flex max-w-6xl items-center justify-between px-4 py-3">
        <Link to="/" className="font-bold">
          {BUSINESS.name}
        </Link>
        <Link to="/auth">Connexion</Link>
      </nav>
    </header>
  );
}
