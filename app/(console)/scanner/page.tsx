import type { Metadata } from "next";
import { notOfferedAt } from "@/app/(console)/_components/not-offered";
import { Card, PageHeader } from "@/components/ui/card";
import { requirePageSession } from "@/lib/auth/guards";
import { ScannerForm } from "./_components/scanner-form";

export const metadata: Metadata = { title: "Scanner" };

export default async function ScannerPage() {
  const { session } = await requirePageSession();
  const notOffered = notOfferedAt(session, "/scanner");
  if (notOffered) return notOffered;
  return (
    <>
      <PageHeader
        title="Scanner"
        description="Read registration documents, repair calculations, rich vehicle documents, part labels and VINs from a file or image address. Each reading is a billed call with its receipt."
      />
      <Card title="Read a document or image">
        <ScannerForm />
      </Card>
    </>
  );
}
