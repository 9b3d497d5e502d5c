"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { useActionCall } from "@/lib/actions/use-action-submit";
import { refreshSubUsersAction } from "../actions";
import { useFormats } from "@/components/i18n/formats-provider";

/**
 * How fresh the console's copy of the list is, and a way to take it from the service now. The
 * console refreshes it on its own too; a change made outside the console shows after that.
 */
export function SubUsersFreshness({ refreshedAt }: { refreshedAt: number | null }) {
  const formats = useFormats();
  const t = useTranslations("subUsers.freshness");
  const router = useRouter();
  const { pending, notice, run } = useActionCall(() => refreshSubUsersAction(), {
    onSuccess: (data) => {
      router.refresh();
      if (data.outcome === "busy")
        return {
          tone: "warning",
          text: t("busy"),
        };
    },
  });
  return (
    <div className="mb-2 flex flex-wrap items-center gap-3 text-sm text-slate-600">
      <span data-testid="sub-users-freshness" data-refreshed-at={refreshedAt ?? ""}>
        {refreshedAt === null
          ? t("first")
          : t("asOf", { time: formats.dateTime(new Date(refreshedAt)) })}
      </span>
      <Button variant="secondary" onClick={() => run()} disabled={pending} aria-busy={pending}>
        {pending ? t("refreshing") : t("refresh")}
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
