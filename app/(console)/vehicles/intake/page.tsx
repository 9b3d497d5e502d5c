import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Card, PageHeader } from "@/components/ui/card";
import { requirePageSession } from "@/lib/auth/guards";
import { IntakeForm } from "./_components/intake-form";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("vehicles.intake"))("title") };
}

export default async function IntakePage() {
  await requirePageSession();
  const t = await getTranslations("vehicles");
  return (
    <>
      <PageHeader
        title={t("intake.title")}
        description={t("intake.description")}
        trail={[{ href: "/vehicles", label: t("title") }, t("intake.trail")]}
      />
      <Card title={t("intake.card")}>
        <IntakeForm />
      </Card>
    </>
  );
}
