"use client";

import { useState } from "react";
import { CreateSubUser } from "./create-sub-user";
import { SubUsersBrowser } from "./sub-users-browser";
import { type SubUsersListParams } from "../_lib/sub-users.utils";
import type { SubUsersPage } from "../_lib/sub-users-index";

export function SubUsersSection({
  first,
  initial,
}: {
  first: SubUsersPage;
  initial: SubUsersListParams;
}) {
  const [highlight, setHighlight] = useState<{ name: string; since: string } | undefined>();
  return (
    <>
      <CreateSubUser onReconcile={setHighlight} />
      <SubUsersBrowser first={first} highlight={highlight} initial={initial} />
    </>
  );
}
