import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { notOfferedAt } from "@/app/(console)/_components/not-offered";
import { Card, PageHeader } from "@/components/ui/card";
import { requirePageSession } from "@/lib/auth/guards";
import { ScannerForm } from "./_components/scanner-form";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("scanner"))("title") };
}

export default async function ScannerPage() {
  const { session } = await requirePageSession();
  const notOffered = notOfferedAt(session, "/scanner");
  if (notOffered) return notOffered;
  const t = await getTranslations("scanner");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <Card title={t("card")}>
        <ScannerForm />
      </Card>
    </>
  );
}
