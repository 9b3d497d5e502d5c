import type { Metadata } from "next";
import { notOfferedAt } from "@/app/(console)/_components/not-offered";
import { ImageGenerationForm } from "@/app/(console)/jobs/_components/order-forms";
import { Card, PageHeader } from "@/components/ui/card";
import { requirePageSession } from "@/lib/auth/guards";
import { VisionForm } from "./_components/vision-form";

export const metadata: Metadata = { title: "Vision" };

export default async function VisionPage() {
  const { session } = await requirePageSession();
  const notOffered = notOfferedAt(session, "/vision");
  if (notOffered) return notOffered;
  return (
    <>
      <PageHeader
        title="Vision"
        description="Damage, quality, background removal, end-of-life classification, condition reports, licence plates, composites, damage transfer and redaction from an image address, and part images generated from an OE number. Each call is billed as its receipt says."
      />
      <div className="space-y-6">
        <Card title="Analyse an image">
          <VisionForm />
        </Card>
        <Card title="Generate part images from an OE number">
          <p className="mb-3 text-sm text-slate-600">
            Generation runs as a job: the result opens on the job&apos;s page when it is ready.
            Generated images are synthetic and say so.
          </p>
          <ImageGenerationForm />
        </Card>
      </div>
    </>
  );
}
