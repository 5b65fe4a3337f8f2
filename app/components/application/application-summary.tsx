import { DEFAULT_COUNTRY_CODE } from "~/domain/applications/schemas";

import type { ApplicationFields, FieldName } from "./application-field-types";
import { applicationMessages } from "~/lib/messages/application.fr";

const a = applicationMessages;
const f = a.fields;

/** What the applicant is about to sign, as they answered it (shown once the page's script runs). */
export function ApplicationSummary({ fields }: { fields: ApplicationFields }) {
  const text = (name: FieldName) => {
    const value = fields[name].value;
    return typeof value === "string" && value.trim() !== "" ? value.trim() : a.summary.notGiven;
  };
  const yesNo = (name: FieldName) => {
    const value = fields[name].value;
    return value === "true" ? a.yes : value === "false" ? a.no : a.summary.notGiven;
  };
  const radius = fields.service_radius.value;
  const code = fields.phone_country_code.value ?? DEFAULT_COUNTRY_CODE;
  const rows: [string, string][] = [
    [f.firstName, text("first_name")],
    [f.lastName, text("last_name")],
    [f.email, text("email")],
    [f.phone, `+${code} ${text("phone")}`],
    [f.city, text("city")],
    [
      f.serviceRadius,
      typeof radius === "string" && radius in a.serviceRadius
        ? a.serviceRadius[radius as keyof typeof a.serviceRadius]
        : a.summary.notGiven,
    ],
    [f.license, yesNo("has_drivers_license")],
    [f.vehicleInfo, text("vehicle_info")],
    [f.availabilityHours, text("availability_hours")],
    [
      a.steps.references,
      [text("reference_first_name"), text("reference_last_name"), text("reference_phone")]
        .filter((part) => part !== a.summary.notGiven)
        .join(" ") || a.summary.notGiven,
    ],
    [f.hasFunds, yesNo("has_funds")],
    [f.availableFunds, text("available_funds")],
    [f.comfortableIndependence, yesNo("comfortable_independence")],
  ];
  return (
    <section aria-labelledby="application-summary" className="grid gap-3 rounded-lg border bg-muted/30 p-4">
      <div className="grid gap-1">
        <h3 id="application-summary" className="font-semibold">
          {a.summary.title}
        </h3>
        <p className="text-sm text-muted-foreground">{a.summary.text}</p>
      </div>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[minmax(0,16rem)_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="font-medium break-words">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
