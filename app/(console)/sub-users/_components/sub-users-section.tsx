"use client";

import { useState } from "react";
import { CreateSubUser } from "./create-sub-user";
import { SubUsersBrowser } from "./sub-users-browser";
import { type SubUserRow, type SubUsersListParams } from "../_lib/sub-users.utils";

export function SubUsersSection({
  rows,
  initial,
}: {
  rows: SubUserRow[];
  initial: SubUsersListParams;
}) {
  const [highlight, setHighlight] = useState<{ name: string; since: string } | undefined>();
  return (
    <>
      <CreateSubUser onReconcile={setHighlight} />
      <SubUsersBrowser rows={rows} highlight={highlight} initial={initial} />
    </>
  );
}
