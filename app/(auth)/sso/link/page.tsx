import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { Alert } from "@/components/ui/alert";
import { findOrganization } from "@/lib/people/organizations";
import { personById } from "@/lib/people/people";
import { pendingLink } from "@/lib/people/single-sign-on";
import { LinkSignOn } from "./_components/link-sign-on";

export const metadata: Metadata = { title: "Link single sign-on" };

/**
 * An identity provider vouched for an address that signs in here already: its single sign-on
 * signs that person in only once they confirm, here, that it is them.
 */
export default async function LinkSingleSignOnPage() {
  const link = await pendingLink();
  const [person, org] = link
    ? await Promise.all([personById(link.personId), findOrganization(link.organizationId)])
    : [undefined, undefined];
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-lg px-6 py-12">
      <h1 className="text-2xl font-semibold">Link single sign-on to your sign-in</h1>
      {!person || !org ? (
        <Alert tone="warning" className="mt-4">
          Nothing is waiting to be linked in this browser: a link waits 10 minutes, in the browser
          that came back from the identity provider.{" "}
          <Link href="/sign-in" className="underline">
            Start again from the sign-in page.
          </Link>
        </Alert>
      ) : (
        <>
          <p className="mt-4 text-sm">
            <strong>{person.email}</strong> signs in to this console already. The identity provider
            of <strong>{org.name}</strong> says you are this person. Confirm it is you, once, with
            your passkey or your password and a code: from then on that provider signs you in to{" "}
            {org.name}.
          </p>
          <p className="mt-2 text-sm text-slate-600">
            If you did not start a single sign-on to {org.name}, close this page: nothing is linked.
          </p>
          <div className="mt-6">
            <LinkSignOn email={person.email} />
          </div>
        </>
      )}
    </main>
  );
}
