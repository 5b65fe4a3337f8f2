import { EmptyState } from "~/components/admin/page-header";
import { waitlistMessages } from "~/lib/messages/waitlist.fr";

/** A line of the waiting list: a town or a three-character postal area, and its counts. */
interface WaitlistGroup {
  key: string | null;
  waiting: number;
  notified: number;
}

interface WaitlistSummary {
  byTown: WaitlistGroup[];
  byFsa: WaitlistGroup[];
  waiting: number;
  notified: number;
}

const w = waitlistMessages.admin;

/** The waiting list by town and by three-character postal area (ADR 046): counts only. */
export function WaitlistSection({ waitlist }: { waitlist: WaitlistSummary }) {
  return (
    <section aria-labelledby="waitlist-title" className="grid gap-4">
      <div className="grid gap-1">
        <h2 id="waitlist-title" className="text-xl font-semibold tracking-tight">
          {w.title}
        </h2>
        <p className="text-sm text-muted-foreground">{w.description}</p>
        <p className="text-sm font-medium">{w.total(waitlist.waiting, waitlist.notified)}</p>
      </div>
      {waitlist.byFsa.length === 0 ? (
        <EmptyState>{w.empty}</EmptyState>
      ) : (
        <div className="grid gap-4 md:grid-cols-2">
          <WaitlistTable
            caption={w.byTown}
            keyLabel={w.town}
            groups={waitlist.byTown}
            unknown={w.unknownTown}
          />
          <WaitlistTable caption={w.byFsa} keyLabel={w.fsa} groups={waitlist.byFsa} unknown="—" />
        </div>
      )}
    </section>
  );
}

function WaitlistTable({
  caption,
  keyLabel,
  groups,
  unknown,
}: {
  caption: string;
  keyLabel: string;
  groups: WaitlistGroup[];
  unknown: string;
}) {
  return (
    <div className="overflow-x-auto rounded-lg border bg-card shadow-sm">
      <table className="w-full text-sm">
        <caption className="px-4 pt-3 text-left font-semibold">{caption}</caption>
        <thead>
          <tr className="border-b text-left text-xs text-muted-foreground">
            <th scope="col" className="px-4 py-2 font-medium">
              {keyLabel}
            </th>
            <th scope="col" className="px-4 py-2 text-right font-medium">
              {w.waiting}
            </th>
            <th scope="col" className="px-4 py-2 text-right font-medium">
              {w.notified}
            </th>
          </tr>
        </thead>
        <tbody>
          {groups.map((group) => (
            <tr key={group.key ?? ""} className="border-b last:border-0">
              <th scope="row" className="px-4 py-2 text-left font-normal">
                {group.key ?? unknown}
              </th>
              <td className="px-4 py-2 text-right tabular-nums">{group.waiting}</td>
              <td className="px-4 py-2 text-right tabular-nums">{group.notified}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
