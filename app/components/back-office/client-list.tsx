import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { customersMessages } from "~/lib/messages/customers.fr";

/** « Membre » beside a member's name in the clients lists (ADR 095). */
export function MemberBadge() {
  return (
    <Badge variant="success" className="ml-2 align-middle">
      {customersMessages.network.member}
    </Badge>
  );
}

/**
 * The name of a clients table's row: its link covers the whole row, which opens the record
 * (ADR 096), and is named by the name alone (what it shows is what a screen reader says).
 */
export function ClientNameCell({ href, name, member }: { href: string; name: string; member: boolean }) {
  return (
    <th scope="row" className="p-3 text-left font-medium">
      <Link
        to={href}
        className="text-primary after:absolute after:inset-0 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
      >
        {name}
      </Link>
      {member ? <MemberBadge /> : null}
    </th>
  );
}

/** The name at the top of a client's card on a phone: its link covers the card, as the row's does. */
export function ClientCardName({ href, name, member }: { href: string; name: string; member: boolean }) {
  return (
    <span className="font-medium break-words">
      <Link to={href} className="after:absolute after:inset-0 focus-visible:outline-none">
        {name}
      </Link>
      {member ? <MemberBadge /> : null}
    </span>
  );
}
