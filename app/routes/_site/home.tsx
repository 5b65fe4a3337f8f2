import { asc, eq } from "drizzle-orm";
import { services } from "#db/schema";
import { formatMoney } from "~/lib/format";
import { getDb } from "~/server/db.server";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => [
  { title: "Lavage Mobile Prestige | Lavage d'auto à domicile au Québec" },
  {
    name: "description",
    content: "Lavage d'auto haut de gamme à domicile ou au bureau, à Granby, Sherbrooke et Gatineau.",
  },
];

export async function loader() {
  const rows = await getDb()
    .select()
    .from(services)
    .where(eq(services.isActive, true))
    .orderBy(asc(services.sortOrder));
  return { services: rows };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-16">
      <section id="home">
        <h1 className="text-4xl font-extrabold tracking-tight">
          Le lavage d'auto haut de gamme qui vient à vous
        </h1>
      </section>
      <section id="services" className="mt-12 grid gap-4">
        {loaderData.services.map((service) => (
          <article key={service.id} className="rounded-lg border p-6">
            <h2 className="text-2xl font-bold">{service.name}</h2>
            <p className="text-muted-foreground">{service.description}</p>
            <p className="mt-2 font-semibold">
              {formatMoney(service.basePriceCents)} · {service.durationMinutes} min
            </p>
          </article>
        ))}
      </section>
    </div>
  );
}
