import { Search } from "lucide-react";
import { Form, Link } from "react-router";
import { EmptyState, PageHeader } from "~/components/admin/page-header";
import { NativeSelect } from "~/components/admin/native-select";
import { ClientCardName, ClientNameCell } from "~/components/back-office/client-list";
import { Button } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { Input } from "~/components/ui/input";
import { CLIENT_SEARCH_MAX } from "~/domain/franchisee/schemas";
import { formatMoney } from "~/lib/format";
import { formatDate } from "~/domain/time/format-instant";
import { customersMessages } from "~/lib/messages/customers.fr";
import { formatPhone } from "~/lib/phone";
import { stripNul, z } from "~/lib/zod-fr";
import { requireRole } from "~/server/http/require-role.server";
import { getDb } from "~/server/db.server";
import { listNetworkClients } from "~/server/services/franchisee/list-clients.server";
import type { Route } from "./+types/clients";

const t = customersMessages.network;

export const meta: Route.MetaFunction = () => [
  { title: t.metaTitle },
  { name: "robots", content: "noindex" },
];

/** ?q=&franchisee=&page=: anything unreadable is ignored (the whole list, the first page). */
const ClientsQuery = z.object({
  q: z
    .string()
    .catch("")
    .transform((q) => stripNul(q).trim().slice(0, CLIENT_SEARCH_MAX)),
  franchisee: z.uuid().nullable().catch(null),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
});

/**
 * Every customer of the network (issue 33, item 11; ADR 096), the most recent booking first, a
 * page at a time; ?q= searches name, e-mail or phone, ?franchisee= keeps one franchisee's
 * customers. Admin only, here and in the service.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  const actor = await requireRole({ request, url }, ["admin"]);
  const params = url.searchParams;
  const query = ClientsQuery.parse({
    q: params.get("q") ?? "",
    franchisee: params.get("franchisee") || null,
    page: params.get("page") ?? undefined,
  });
  const listed = await listNetworkClients(getDb(), {
    actor,
    search: query.q,
    franchiseeId: query.franchisee,
    page: query.page,
  });
  const now = Date.now();
  return {
    ...listed,
    clients: listed.clients.map((client) => ({ ...client, upcoming: client.latest.getTime() > now })),
    q: query.q,
  };
}

/** The address of another page of the same search. */
function pageHref(q: string, franchiseeId: string | null, page: number): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (franchiseeId) params.set("franchisee", franchiseeId);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `?${search}` : ".";
}

function Pager({
  q,
  franchiseeId,
  page,
  pages,
}: {
  q: string;
  franchiseeId: string | null;
  page: number;
  pages: number;
}) {
  if (pages <= 1) return null;
  const link = "font-medium text-primary underline-offset-4 hover:underline";
  return (
    <nav aria-label={t.pagesLabel} className="flex flex-wrap items-center gap-4 text-sm">
      {page > 1 ? (
        <Link to={pageHref(q, franchiseeId, page - 1)} className={link}>
          {t.previous}
        </Link>
      ) : null}
      <span className="text-muted-foreground tabular-nums">{t.page(page, pages)}</span>
      {page < pages ? (
        <Link to={pageHref(q, franchiseeId, page + 1)} className={link}>
          {t.next}
        </Link>
      ) : null}
    </nav>
  );
}

/** The day of the customer's most recent booking, « (à venir) » when it is still to come. */
function LatestBooking({ client }: { client: { latest: Date; upcoming: boolean } }) {
  const day = formatDate(client.latest, "medium");
  return <>{client.upcoming ? t.upcoming(day) : day}</>;
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { clients, total, page, pages, franchisees, q, franchiseeId } = loaderData;
  const chosen = franchisees.find((f) => f.id === franchiseeId)?.businessName;
  const filtered = q !== "" || chosen !== undefined;
  const nothing =
    q && chosen ? t.noMatchFor(q, chosen) : q ? t.noMatch(q) : chosen ? t.noneFor(chosen) : t.empty;
  return (
    <div className="grid gap-6">
      <PageHeader title={t.title} description={t.description} />
      <Form method="get" role="search" className="grid gap-3 sm:flex sm:flex-wrap sm:items-end">
        <div className="grid gap-1 sm:w-80">
          <label htmlFor="client-search" className="text-sm font-medium">
            {t.search}
          </label>
          <Input
            id="client-search"
            type="search"
            name="q"
            defaultValue={q}
            key={`q-${q}`}
            placeholder={t.searchPlaceholder}
            maxLength={CLIENT_SEARCH_MAX}
          />
        </div>
        <div className="grid gap-1 sm:w-72">
          <label htmlFor="client-franchisee" className="text-sm font-medium">
            {t.franchisee}
          </label>
          <NativeSelect
            id="client-franchisee"
            name="franchisee"
            defaultValue={franchiseeId ?? ""}
            key={`f-${franchiseeId ?? ""}`}
            className="h-10"
          >
            <option value="">{t.allFranchisees}</option>
            {franchisees.map((f) => (
              <option key={f.id} value={f.id}>
                {t.choice(f.businessName, f.zones)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex gap-2">
          <Button type="submit">
            <Search aria-hidden="true" />
            {t.submit}
          </Button>
          {filtered ? (
            <Button asChild variant="outline">
              <Link to=".">{t.reset}</Link>
            </Button>
          ) : null}
        </div>
      </Form>
      {clients.length === 0 ? (
        <EmptyState>{nothing}</EmptyState>
      ) : (
        <div className="grid gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {t.count(total)}
            </p>
            <Pager q={q} franchiseeId={franchiseeId} page={page} pages={pages} />
          </div>
          {/* A phone (and a narrow window beside the menu) reads cards; a wide screen, the table. */}
          <ul className="grid gap-2 sm:grid-cols-2 xl:hidden" data-testid="client-cards">
            {clients.map((client) => (
              // The whole card opens the record: the name's link covers it, and names it alone.
              <li
                key={client.key}
                className="relative grid min-w-0 gap-1 rounded-lg border p-3 focus-within:outline-2 focus-within:outline-ring hover:bg-accent"
              >
                <ClientCardName
                  href={`/admin/clients/${client.key}`}
                  name={client.name}
                  member={client.member}
                />
                <span className="text-sm break-all text-muted-foreground">{client.email}</span>
                <span className="text-sm text-muted-foreground">{formatPhone(client.phone)}</span>
                <span className="text-sm break-words">{client.franchises.join(", ")}</span>
                <span className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
                  <span>
                    {t.latest} : <LatestBooking client={client} />
                  </span>
                  <span>
                    {t.washes} : <span className="tabular-nums">{client.washes}</span>
                  </span>
                  <span>
                    {t.paid} : <span className="tabular-nums">{formatMoney(client.paidCents)}</span>
                  </span>
                </span>
              </li>
            ))}
          </ul>
          <div className="hidden xl:block">
            <DataTable
              label={t.title}
              caption={t.title}
              columns={[
                { label: t.name },
                { label: t.email },
                { label: t.phone },
                { label: t.franchises },
                { label: t.latest },
                { label: t.washes, align: "right" as const },
                { label: t.paid, align: "right" as const },
              ]}
            >
              {clients.map((client) => (
                // The whole row opens the record: the name's link covers it (ADR 096).
                <tr key={client.key} className="relative border-t hover:bg-accent/50">
                  <ClientNameCell
                    href={`/admin/clients/${client.key}`}
                    name={client.name}
                    member={client.member}
                  />
                  <td className="p-3 break-all">{client.email}</td>
                  <td className="p-3 whitespace-nowrap">{formatPhone(client.phone)}</td>
                  <td className="p-3">{client.franchises.join(", ")}</td>
                  <td className="p-3 whitespace-nowrap">
                    <LatestBooking client={client} />
                  </td>
                  <td className="p-3 text-right tabular-nums">{client.washes}</td>
                  <td className="p-3 text-right whitespace-nowrap tabular-nums">
                    {formatMoney(client.paidCents)}
                  </td>
                </tr>
              ))}
            </DataTable>
          </div>
          <Pager q={q} franchiseeId={franchiseeId} page={page} pages={pages} />
        </div>
      )}
    </div>
  );
}
