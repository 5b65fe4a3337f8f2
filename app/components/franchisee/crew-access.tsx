import { Send } from "lucide-react";
import { useFetcher } from "react-router";

import { Button } from "~/components/ui/button";
import { crewMessages } from "~/lib/messages/crew.fr";
import { useFailureToast, type FranchiseeActionData } from "./action-data";
import type { TeamMemberItem } from "./member-form";

const t = crewMessages.invite;

/**
 * The member's access to the crew's app (ADR 077): invite them by e-mail, or send the invitation
 * again. A plain form post: it works before the page's scripts load.
 */
export function CrewAccess({ member }: { member: TeamMemberItem }) {
  const fetcher = useFetcher<FranchiseeActionData>();
  useFailureToast(fetcher.data);
  const name = `${member.firstName} ${member.lastName}`;
  return (
    <fetcher.Form
      method="post"
      className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3"
    >
      <input type="hidden" name="intent" value="inviteCrew" />
      <input type="hidden" name="memberId" value={member.id} />
      <p className="text-sm text-muted-foreground">{member.hasCrewAccount ? t.invited : t.notInvited}</p>
      <Button
        type="submit"
        variant="outline"
        size="sm"
        loading={fetcher.state !== "idle"}
        aria-label={member.hasCrewAccount ? t.resendLabel(name) : t.inviteLabel(name)}
      >
        {fetcher.state !== "idle" ? null : <Send aria-hidden="true" />}
        {member.hasCrewAccount ? t.resend : t.invite}
      </Button>
    </fetcher.Form>
  );
}
