"use client";

import { ActionNotice } from "@/components/forms/action-notice";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/field";
import { DataTable } from "@/components/ui/table";
import { type ActionResult } from "@/lib/actions/action-result";
import { useActionCall } from "@/lib/actions/use-action-submit";
import { ROLE_WORDS, ROLES, type Role } from "@/lib/auth/roles";
import { formatDateTime } from "@/lib/format";
import { changeRoleAction, endMemberSessionsAction, removeMemberAction } from "../actions";

interface MemberRow {
  personId: string;
  email: string;
  name: string;
  role: Role;
  joinedAt: string;
}

/**
 * The organization's people and their roles. An owner or admin changes a role, ends a
 * member's sessions or removes them; each takes effect on the member's next request. What
 * concerns an owner is an owner's to do, confirmed.
 */
export function Members({
  members,
  manage,
  makesOwners,
  selfId,
}: {
  members: MemberRow[];
  manage: boolean;
  makesOwners: boolean;
  selfId: string | null;
}) {
  const router = useRouter();
  const { pending, notice, run } = useActionCall(
    (change: { send: () => Promise<ActionResult<null>>; done: string }) => change.send(),
    {
      onSuccess: (_data, { input }) => {
        router.refresh();
        return { tone: "success", text: input.done };
      },
    },
  );
  const act = (send: () => Promise<ActionResult<null>>, done: string) => run({ send, done });
  const roleChoices = ROLES.filter((r) => makesOwners || r !== "owner").map(
    (r) => [r, ROLE_WORDS[r].name] as const,
  );
  return (
    <div className="space-y-3">
      <ActionNotice notice={notice} />
      <DataTable
        caption="People of this organization"
        columns={
          manage
            ? ["Name", "Email", "Role", "Joined", "Access"]
            : ["Name", "Email", "Role", "Joined"]
        }
        rows={members}
        keyOf={(m) => m.personId}
        rowTestId="member-row"
        empty="Nobody signs in as themselves yet: the key holder can become the owner above."
        cells={(m) => {
          const fixed = !makesOwners && m.role === "owner";
          const cells = [
            <span key="n">
              {m.name}
              {m.personId === selfId ? <span className="text-slate-500"> (you)</span> : null}
            </span>,
            m.email,
            manage && !fixed ? (
              <SelectField
                key="r"
                label={`Role of ${m.name}`}
                wrapperClassName="min-w-32 [&>label]:sr-only"
                defaultValue={m.role}
                disabled={pending}
                choices={roleChoices}
                onChange={(e) =>
                  act(
                    () => changeRoleAction({ personId: m.personId, role: e.target.value }),
                    `${m.name} is now ${ROLE_WORDS[e.target.value as Role].name.toLowerCase()}.`,
                  )
                }
              />
            ) : (
              ROLE_WORDS[m.role].name
            ),
            formatDateTime(new Date(m.joinedAt)),
          ];
          if (manage)
            cells.push(
              fixed ? (
                ""
              ) : (
                <span key="a" className="flex flex-wrap gap-2">
                  <Button
                    variant="secondary"
                    disabled={pending}
                    aria-label={`End the sessions of ${m.name}`}
                    onClick={() =>
                      act(
                        () => endMemberSessionsAction({ personId: m.personId }),
                        `${m.name}'s sessions end on their next request.`,
                      )
                    }
                  >
                    End sessions
                  </Button>
                  <Button
                    variant="danger"
                    disabled={pending}
                    aria-label={`Remove ${m.name}`}
                    onClick={() =>
                      act(
                        () => removeMemberAction({ personId: m.personId }),
                        `${m.name} was removed.`,
                      )
                    }
                  >
                    Remove
                  </Button>
                </span>
              ),
            );
          return cells;
        }}
      />
    </div>
  );
}
