"use client";

import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { useActionCall } from "@/lib/actions/use-action-submit";
import { formatDateTime } from "@/lib/format";
import { refreshSubUsersAction } from "../actions";

/**
 * How fresh the console's copy of the list is, and a way to take it from the service now. The
 * console refreshes it on its own too; a change made outside the console shows after that.
 */
export function SubUsersFreshness({ refreshedAt }: { refreshedAt: number | null }) {
  const router = useRouter();
  const { pending, notice, run } = useActionCall(() => refreshSubUsersAction(), {
    onSuccess: (data) => {
      router.refresh();
      if (data.outcome === "busy")
        return {
          tone: "warning",
          text: "The list is being refreshed already; it shows when that is done.",
        };
    },
  });
  return (
    <div className="mb-2 flex flex-wrap items-center gap-3 text-sm text-slate-600">
      <span data-testid="sub-users-freshness" data-refreshed-at={refreshedAt ?? ""}>
        {refreshedAt === null
          ? "The list is being taken from the service for the first time; it shows here once that is done."
          : `List as of ${formatDateTime(new Date(refreshedAt))}.`}
      </span>
      <Button variant="secondary" onClick={() => run()} disabled={pending} aria-busy={pending}>
        {pending ? "Refreshing…" : "Refresh list"}
      </Button>
      {notice ? (
        <span role="status" className="text-amber-900">
          {notice.title ? `${notice.title}: ` : null}
          {notice.text}
        </span>
      ) : null}
    </div>
  );
}
