import { Card } from "@/components/ui/card";
import { type SearchParams } from "@/lib/list-params";
import { type UsageStatus } from "@/lib/api/contract/client-admin";
import { UsageHistory } from "./usage-history";
import { UsagePanel } from "./usage-panel";

/**
 * A Client's usage as two cards: the current period (plans, endpoint keys, how calls were
 * settled), then over time from the console's readings. `titles` name them on the page.
 */
export function UsageCards({
  usage,
  clientId,
  path,
  searchParams,
  titles: [periodTitle, historyTitle],
  currency = usage.currency ?? "EUR",
}: {
  usage: UsageStatus;
  clientId: string;
  path: string;
  searchParams: SearchParams;
  titles: readonly [string, string];
  /** The Client's currency, when the page knows it better than the usage answer. */
  currency?: string;
}) {
  return (
    <>
      <Card title={periodTitle} className="mt-6">
        <UsagePanel usage={usage} />
      </Card>
      <Card title={historyTitle} className="mt-6">
        <UsageHistory
          clientId={clientId}
          path={path}
          searchParams={searchParams}
          currency={currency}
        />
      </Card>
    </>
  );
}
