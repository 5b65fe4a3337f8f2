import { data, Form, Link, useNavigation } from "react-router";

import { NativeSelect } from "~/components/admin/native-select";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { WEATHER_REASONS, WeatherMoveSchema } from "~/domain/weather/schemas";
import { hasCode } from "~/lib/errors";
import { formatDate, formatDateTime, formatTime } from "~/domain/time/format-instant";
import { weatherMessages } from "~/lib/messages/weather.fr";
import {
  listOwnZones,
  listWeatherMoves,
  moveForWeather,
} from "~/server/services/weather/weather-move.server";
import type { Route } from "./+types/weather";
import { requireFranchisee } from "./guard.server";
import { localDate } from "~/domain/time/zoned";

const t = weatherMessages;

export const meta: Route.MetaFunction = () => [
  { title: t.form.metaTitle },
  { name: "robots", content: "noindex" },
];

/** /franchisee/weather: move a day (or part of one) for the weather, and who has rebooked (ADR 090). */
export async function loader({ request, url }: Route.LoaderArgs) {
  const { franchisee, db } = await requireFranchisee({ request, url });
  const [zones, moves] = await Promise.all([
    listOwnZones(db, franchisee.id),
    listWeatherMoves(db, { franchiseeId: franchisee.id }),
  ]);
  return { zones, moves, today: localDate(new Date()) };
}

type Values = Record<string, string>;
type ActionData =
  | { ok: true; told: number; already: number }
  | { ok: false; errors: Record<string, string>; values: Values; error?: string };

/** The move, validated with the form's schema; the franchisee's own zone only (NOT_FOUND otherwise). */
export async function action({ request, url }: Route.ActionArgs) {
  const { franchisee, db, user } = await requireFranchisee({ request, url });
  const values = Object.fromEntries(
    [...(await request.formData()).entries()].map(([k, v]) => [k, typeof v === "string" ? v : ""]),
  );
  const parsed = WeatherMoveSchema.safeParse(values);
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
    return data<ActionData>({ ok: false, errors, values }, { status: 400 });
  }
  try {
    const result = await moveForWeather(db, {
      franchiseeId: franchisee.id,
      actorId: user.id,
      input: parsed.data,
      now: new Date(),
    });
    return data<ActionData>({ ok: true, told: result.told, already: result.already });
  } catch (error) {
    if (hasCode(error, "NOT_FOUND"))
      return data<ActionData>(
        { ok: false, errors: { zoneId: t.form.zoneRequired }, values },
        { status: 404 },
      );
    throw error;
  }
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  const { zones, moves, today } = loaderData;
  const busy = useNavigation().state === "submitting";
  const failed = actionData && !actionData.ok ? actionData : null;
  const value = (name: string, fallback = "") => failed?.values[name] ?? fallback;
  const error = (name: string) => failed?.errors[name];
  return (
    <div className="grid min-w-0 gap-6">
      <header className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight">{t.form.title}</h1>
        <p className="max-w-3xl text-muted-foreground">{t.form.description}</p>
      </header>
      {actionData?.ok ? (
        <Alert role="status" data-testid="weather-result">
          <AlertDescription>
            {actionData.told === 0 && actionData.already === 0
              ? t.form.none
              : t.form.done(actionData.told, actionData.already)}
          </AlertDescription>
        </Alert>
      ) : null}
      {zones.length === 0 ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">
          {t.form.noZone}
        </p>
      ) : (
        <Card>
          <CardContent className="pt-6">
            <Form method="post" className="grid gap-4 md:grid-cols-2" noValidate>
              <Field label={t.form.zone} error={error("zoneId")} required>
                <NativeSelect name="zoneId" defaultValue={value("zoneId", zones[0]!.id)}>
                  {zones.map((zone) => (
                    <option key={zone.id} value={zone.id}>
                      {zone.zoneName}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
              <Field label={t.form.date} error={error("date")} required>
                <Input type="date" name="date" defaultValue={value("date", today)} min={today} />
              </Field>
              <Field label={t.form.from} error={error("from")} description={t.form.wholeDay}>
                <Input type="time" name="from" defaultValue={value("from")} step={900} />
              </Field>
              <Field label={t.form.to} error={error("to")}>
                <Input type="time" name="to" defaultValue={value("to")} step={900} />
              </Field>
              <fieldset
                className="grid gap-2 md:col-span-2"
                aria-describedby={error("reason") ? "reason-error" : undefined}
              >
                <legend className="mb-1 text-sm font-medium">{t.form.reason}</legend>
                <div className="flex flex-wrap gap-x-6 gap-y-2">
                  {WEATHER_REASONS.map((reason) => (
                    <label key={reason} className="flex min-h-11 items-center gap-2 text-sm">
                      <input
                        type="radio"
                        name="reason"
                        value={reason}
                        defaultChecked={value("reason", "rain") === reason}
                        className="size-4 accent-primary"
                      />
                      {t.reasons[reason]}
                    </label>
                  ))}
                </div>
                {error("reason") ? (
                  <p id="reason-error" className="text-sm text-destructive">
                    {error("reason")}
                  </p>
                ) : null}
              </fieldset>
              <div className="md:col-span-2">
                <Button type="submit" disabled={busy}>
                  {t.form.submit}
                </Button>
              </div>
            </Form>
          </CardContent>
        </Card>
      )}
      <section aria-labelledby="weather-moves" className="grid gap-3">
        <h2 id="weather-moves" className="text-xl font-semibold">
          {t.list.title}
        </h2>
        {moves.length === 0 ? (
          <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">
            {t.list.empty}
          </p>
        ) : (
          moves.map((move) => {
            const rebooked = move.bookings.filter((b) => b.status === "rebooked").length;
            return (
              <Card key={move.id} data-testid="weather-move">
                <CardHeader className="gap-1">
                  <CardTitle as="h3" className="flex flex-wrap items-center gap-2">
                    <span className="first-letter:uppercase">
                      {t.list.window(formatDate(move.fromAt), formatTime(move.fromAt), formatTime(move.toAt))}
                    </span>
                    <Badge variant="secondary">{t.reasons[move.reason]}</Badge>
                  </CardTitle>
                  <p className="text-sm text-muted-foreground">
                    {move.zoneName} · {t.list.counts(rebooked, move.bookings.length)}
                  </p>
                </CardHeader>
                <CardContent>
                  <ul className="grid gap-2">
                    {move.bookings.map((b) => (
                      <li
                        key={b.appointmentId}
                        className="flex flex-wrap items-center justify-between gap-2 border-t pt-2 text-sm"
                        data-testid="weather-booking"
                      >
                        <span>
                          <Link
                            to={`/franchisee/bookings/${b.bookingId}`}
                            className="font-medium text-primary underline-offset-4 hover:underline"
                          >
                            {b.customerName}
                          </Link>{" "}
                          · {t.list.was} {formatDateTime(b.originalStartAt, "weekdayShort")}
                        </span>
                        <Badge
                          variant={
                            b.status === "rebooked"
                              ? "success"
                              : b.status === "cancelled"
                                ? "destructive"
                                : "outline"
                          }
                        >
                          {b.status === "rebooked"
                            ? t.list.rebooked(formatDateTime(b.newStartAt!, "weekdayShort"))
                            : b.status === "cancelled"
                              ? t.list.cancelled
                              : t.list.waiting}
                        </Badge>
                      </li>
                    ))}
                  </ul>
                </CardContent>
              </Card>
            );
          })
        )}
      </section>
    </div>
  );
}
