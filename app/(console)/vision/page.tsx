import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { notOfferedAt } from "@/app/(console)/_components/not-offered";
import { ImageGenerationForm } from "@/app/(console)/jobs/_components/order-forms";
import { Card, PageHeader } from "@/components/ui/card";
import { requirePageSession } from "@/lib/auth/guards";
import { VisionForm } from "./_components/vision-form";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("vision"))("title") };
}

export default async function VisionPage() {
  const { session } = await requirePageSession();
  const notOffered = notOfferedAt(session, "/vision");
  if (notOffered) return notOffered;
  const t = await getTranslations("vision");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <div className="space-y-6">
        <Card title={t("analyse")}>
          <VisionForm />
        </Card>
        <Card title={t("generate")}>
          <p className="mb-3 text-sm text-slate-600">{t("generateNote")}</p>
          <ImageGenerationForm />
        </Card>
      </div>
    </>
  );
}
