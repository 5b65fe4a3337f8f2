import { Search } from "lucide-react";
import { formatPhone } from "~/lib/phone";
import { Form } from "react-router";

import { ClientCardName, ClientNameCell } from "~/components/back-office/client-list";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { DataTable } from "~/components/ui/data-table";
import { CLIENT_SEARCH_MAX } from "~/domain/franchisee/schemas";
import { stripNul } from "~/lib/zod-fr";
import { formatMoney } from "~/lib/format";
import { formatDate } from "~/domain/time/format-instant";
import { memberEmailsOf } from "~/server/services/memberships/membership-views.server";
import { listClients } from "~/server/services/franchisee/list-clients.server";
import type { Route } from "./+types/clients";
import { requireFranchisee } from "./guard.server";
import { franchiseeMessages } from "~/lib/messages/franchisee.fr";

const c = franchiseeMessages.clients;

export const meta: Route.MetaFunction = () => [
  { title: c.metaTitle },
  { name: "robots", content: "noindex" },
];

/** ?q= searches name, e-mail or phone on the server (case-insensitive). */
export async function loader({ request, url }: Route.LoaderArgs) {
  const { franchisee, db } = await requireFranchisee({ request, url });
  const q = stripNul(new URL(request.url).searchParams.get("q") ?? "")
    .trim()
    .slice(0, CLIENT_SEARCH_MAX);
  const listed = await listClients(db, { franchiseeId: franchisee.id, search: q });
  // Members first, with a badge (ADR 095); the order is otherwise kept.
  const members = await memberEmailsOf(
    db,
    franchisee.id,
    listed.map((client) => client.email),
  );
  const clients = listed
    .map((client) => ({ ...client, member: members.has(client.email.toLowerCase()) }))
    .sort((a, b) => Number(b.member) - Number(a.member));
  return { q, clients };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { q, clients } = loaderData;
  return (
    <div className="grid gap-6">
      <header className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight">{c.title}</h1>
        <p className="text-muted-foreground">{c.description}</p>
      </header>
      <Form method="get" role="search" className="flex max-w-xl gap-2">
        <label htmlFor="client-search" className="sr-only">
          {c.search}
        </label>
        <Input
          id="client-search"
          type="search"
          name="q"
          defaultValue={q}
          key={q}
          placeholder={c.searchPlaceholder}
          maxLength={CLIENT_SEARCH_MAX}
        />
        <Button type="submit">
          <Search aria-hidden="true" />
          {c.searchButton}
        </Button>
      </Form>
      {clients.length === 0 ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">
          {q ? c.noMatch(q) : c.empty}
        </p>
      ) : (
        <div className="grid gap-2">
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {c.count(clients.length)}
          </p>
          {/* A phone reads one card per customer; a wider screen, the table (issue 33, item 11). */}
          <ul className="grid gap-2 md:hidden" data-testid="client-cards">
            {clients.map((client) => (
              // The whole card opens the record: the name's link covers it, and names it alone.
              <li
                key={client.key}
                className="relative grid gap-1 rounded-lg border p-3 focus-within:outline-2 focus-within:outline-ring hover:bg-accent"
              >
                <ClientCardName
                  href={`/franchisee/clients/${client.key}`}
                  name={client.name}
                  member={client.member}
                />
                <span className="text-sm break-all text-muted-foreground">{client.email}</span>
                <span className="text-sm text-muted-foreground">{formatPhone(client.phone)}</span>
                <span className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
                  <span>
                    {c.washes} : <span className="tabular-nums">{client.washes}</span>
                  </span>
                  <span>
                    {c.lastVisit} : {client.lastVisit ? formatDate(client.lastVisit, "medium") : "—"}
                  </span>
                  <span>
                    {c.totalSpent} :{" "}
                    <span className="tabular-nums">{formatMoney(client.totalSpentCents)}</span>
                  </span>
                </span>
              </li>
            ))}
          </ul>
          <div className="hidden md:block">
            <DataTable
              label={c.title}
              caption={c.title}
              columns={[
                { label: c.name },
                { label: c.email },
                { label: c.phone },
                { label: c.washes, align: "right" as const },
                { label: c.lastVisit },
                { label: c.totalSpent, align: "right" as const },
              ]}
            >
              {clients.map((client) => (
                // The whole row opens the record: the name's link covers it (ADR 096).
                <tr key={client.key} className="relative border-t hover:bg-accent/50">
                  <ClientNameCell
                    href={`/franchisee/clients/${client.key}`}
                    name={client.name}
                    member={client.member}
                  />
                  <td className="p-3 break-all">{client.email}</td>
                  <td className="p-3 whitespace-nowrap">{formatPhone(client.phone)}</td>
                  <td className="p-3 text-right tabular-nums">{client.washes}</td>
                  <td className="p-3 whitespace-nowrap">
                    {client.lastVisit ? formatDate(client.lastVisit, "medium") : "—"}
                  </td>
                  <td className="p-3 text-right whitespace-nowrap tabular-nums">
                    {formatMoney(client.totalSpentCents)}
                  </td>
                </tr>
              ))}
            </DataTable>
          </div>
        </div>
      )}
    </div>
  );
}
