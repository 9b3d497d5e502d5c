"use client";

import { ActionNotice } from "@/components/forms/action-notice";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/field";
import { DataTable } from "@/components/ui/table";
import { type ActionResult } from "@/lib/actions/action-result";
import { useActionCall } from "@/lib/actions/use-action-submit";
import { ROLES, type Role } from "@/lib/auth/roles";
import { changeRoleAction, endMemberSessionsAction, removeMemberAction } from "../actions";
import { useFormats } from "@/components/i18n/formats-provider";

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
  const formats = useFormats();
  const t = useTranslations("organization.members");
  const roles = useTranslations("roles");
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
    (r) => [r, roles(`${r}.name`)] as const,
  );
  return (
    <div className="space-y-3">
      <ActionNotice notice={notice} />
      <DataTable
        caption={t("caption")}
        columns={[
          t("columns.name"),
          t("columns.email"),
          t("columns.role"),
          t("columns.joined"),
          ...(manage ? [t("columns.access")] : []),
        ]}
        rows={members}
        keyOf={(m) => m.personId}
        rowTestId="member-row"
        empty={t("empty")}
        cells={(m) => {
          const fixed = !makesOwners && m.role === "owner";
          const cells = [
            <span key="n">
              {m.name}
              {m.personId === selfId ? <span className="text-slate-500"> {t("you")}</span> : null}
            </span>,
            m.email,
            manage && !fixed ? (
              <SelectField
                key="r"
                label={t("roleOf", { name: m.name })}
                wrapperClassName="min-w-32 [&>label]:sr-only"
                defaultValue={m.role}
                disabled={pending}
                choices={roleChoices}
                onChange={(e) =>
                  act(
                    () => changeRoleAction({ personId: m.personId, role: e.target.value }),
                    t("roleChanged", {
                      name: m.name,
                      role: roles(`${e.target.value as Role}.lower`),
                    }),
                  )
                }
              />
            ) : (
              roles(`${m.role}.name`)
            ),
            formats.dateTime(new Date(m.joinedAt)),
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
                    aria-label={t("endSessionsOf", { name: m.name })}
                    onClick={() =>
                      act(
                        () => endMemberSessionsAction({ personId: m.personId }),
                        t("sessionsEnded", { name: m.name }),
                      )
                    }
                  >
                    {t("endSessions")}
                  </Button>
                  <Button
                    variant="danger"
                    disabled={pending}
                    aria-label={t("removeOf", { name: m.name })}
                    onClick={() =>
                      act(
                        () => removeMemberAction({ personId: m.personId }),
                        t("removed", { name: m.name }),
                      )
                    }
                  >
                    {t("remove")}
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
