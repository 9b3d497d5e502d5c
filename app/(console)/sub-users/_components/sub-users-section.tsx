"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { RefusedAction } from "@/components/ui/refused-action";
import { CreateSubUser } from "./create-sub-user";
import { SubUsersBrowser } from "./sub-users-browser";
import { type SubUsersListParams } from "@/lib/sub-users/sub-user-rows";
import type { SubUsersPage } from "@/lib/sub-users/sub-user-index";

export function SubUsersSection({
  first,
  initial,
  createRefusal,
}: {
  first: SubUsersPage;
  initial: SubUsersListParams;
  /** Why the person's role may not create a Sub-user; undefined when it may. */
  createRefusal?: string;
}) {
  const t = useTranslations("subUsers");
  const [highlight, setHighlight] = useState<{ name: string; since: string } | undefined>();
  return (
    <>
      {createRefusal ? (
        <div className="mb-6">
          <RefusedAction label={t("newSubUser")} refusal={createRefusal} />
        </div>
      ) : (
        <CreateSubUser onReconcile={setHighlight} />
      )}
      <SubUsersBrowser first={first} highlight={highlight} initial={initial} />
    </>
  );
}
