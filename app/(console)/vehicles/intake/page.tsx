import type { Metadata } from "next";
import { Card, PageHeader } from "@/components/ui/card";
import { requirePageSession } from "@/lib/auth/guards";
import { IntakeForm } from "./_components/intake-form";

export const metadata: Metadata = { title: "Vehicle intake" };

export default async function IntakePage() {
  await requirePageSession();
  return (
    <>
      <PageHeader
        title="Vehicle intake"
        description="One call from a registration document (and optional photos) to the vehicle: the document's data, the VIN, the vehicle type and a condition note."
        trail={[{ href: "/vehicles", label: "Vehicle workspace" }, "Intake"]}
      />
      <Card title="Read a registration document">
        <IntakeForm />
      </Card>
    </>
  );
}
