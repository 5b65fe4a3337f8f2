import { formatPhone } from "~/lib/phone";
import { Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";

import { Button } from "~/components/ui/button";
import { useConfirm } from "~/components/ui/confirm-dialog";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { useFailureToast, type FranchiseeActionData } from "./action-data";
import { franchiseeMessages } from "~/lib/messages/franchisee.fr";

const t = franchiseeMessages.team;

import { AvailabilityPanel } from "./availability-panel";
import { TimeOffPanel } from "./time-off-panel";
import { CrewAccess } from "./crew-access";
import { MemberForm, type TeamMemberItem } from "./member-form";

/** One member: name and contact, edit, remove, crew app access, availability. */
export function MemberCard({ member }: { member: TeamMemberItem }) {
  const [editing, setEditing] = useState(false);
  const confirm = useConfirm();
  const fetcher = useFetcher<FranchiseeActionData>();
  useFailureToast(fetcher.data);
  const name = `${member.firstName} ${member.lastName}`;
  return (
    <li className="grid gap-3 rounded-lg border p-4" aria-label={name}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="font-semibold">{name}</h3>
          <p className="text-sm break-all text-muted-foreground">{member.email}</p>
          {member.phone ? <p className="text-sm text-muted-foreground">{formatPhone(member.phone)}</p> : null}
        </div>
        <div className="flex gap-1">
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={t.edit(name)}
            onClick={() => setEditing(true)}
          >
            <Pencil aria-hidden="true" />
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={t.remove(name)}
            loading={fetcher.state !== "idle"}
            onClick={async () => {
              const ok = await confirm({
                title: t.confirmDeleteTitle,
                description: t.confirmDelete(name),
                confirmText: t.confirmDeleteButton,
                type: "destructive",
              });
              if (ok)
                void fetcher.submit({ intent: "deleteMember", memberId: member.id }, { method: "post" });
            }}
          >
            {fetcher.state !== "idle" ? null : <Trash2 aria-hidden="true" />}
          </Button>
        </div>
      </div>
      <CrewAccess member={member} />
      <AvailabilityPanel member={member} />
      <TimeOffPanel member={member} />
      <Dialog open={editing} onOpenChange={setEditing}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t.editTitle}</DialogTitle>
            <DialogDescription>{name}</DialogDescription>
          </DialogHeader>
          <MemberForm member={member} onDone={() => setEditing(false)} />
        </DialogContent>
      </Dialog>
    </li>
  );
}
