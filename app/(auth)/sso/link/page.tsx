import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Link } from "@/components/ui/link";
import { Alert } from "@/components/ui/alert";
import { findOrganization } from "@/lib/people/organizations";
import { personById } from "@/lib/people/people";
import { pendingLink } from "@/lib/people/single-sign-on";
import { LinkSignOn } from "./_components/link-sign-on";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("people.ssoLink"))("title") };
}

/**
 * An identity provider vouched for an address that signs in here already: its single sign-on
 * signs that person in only once they confirm, here, that it is them.
 */
export default async function LinkSingleSignOnPage() {
  const link = await pendingLink();
  const [person, org] = link
    ? await Promise.all([personById(link.personId), findOrganization(link.organizationId)])
    : [undefined, undefined];
  const t = await getTranslations("people.ssoLink");
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-lg px-6 py-12">
      <h1 className="text-2xl font-semibold">{t("heading")}</h1>
      {!person || !org ? (
        <Alert tone="warning" className="mt-4">
          {t("nothing")}{" "}
          <Link href="/sign-in" className="underline">
            {t("startAgain")}
          </Link>
        </Alert>
      ) : (
        <>
          <p className="mt-4 text-sm">
            {t.rich("explain", {
              email: person.email,
              organization: org.name,
              strong: (chunks) => <strong>{chunks}</strong>,
            })}
          </p>
          <p className="mt-2 text-sm text-slate-600">{t("notYou", { organization: org.name })}</p>
          <div className="mt-6">
            <LinkSignOn email={person.email} />
          </div>
        </>
      )}
    </main>
  );
}
