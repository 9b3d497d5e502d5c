import { AGENT_SCOPES } from "@/lib/api/contract/agent-tools";
import { escapeHtml, page } from "../../routes/html-page";

const SCOPE_TEXT: Record<string, string> = {
  [AGENT_SCOPES.connect]: "connect and list tools",
  [AGENT_SCOPES.read]: "call free tools (account reads, job status)",
  [AGENT_SCOPES.spend]: "call paid tools (billed like the REST operations)",
};

/**
 * The consent page: who asks (a name the client gave itself, said to be unverified), for which
 * scopes, where the code will go; approved with the account's sign-in.
 */
export const consentPage = (
  q: Record<string, string>,
  client: { name: string; createdAt: Date },
  scope: string,
  notice?: { message: string; status?: number; retryAfter?: number },
) => {
  const target = new URL(q.redirect_uri!);
  return page(
    "Allow agent access",
    `<h1>Allow agent access</h1>
<p>A client calling itself <strong>${escapeHtml(client.name)}</strong> asks to use the agent endpoint for your account with these scopes:</p>
<ul>${scope
      .split(" ")
      .map((s) => `<li><code>${escapeHtml(s)}</code>: ${escapeHtml(SCOPE_TEXT[s] ?? s)}</li>`)
      .join("")}</ul>
<p id="client-identity"><small>The name is what the client declared when it registered (${escapeHtml(client.createdAt.toISOString().slice(0, 10))}); the service has not verified it. Approve only a connection you started yourself.</small></p>
<p id="redirect-target">If you approve, your browser goes on to <strong>${escapeHtml(target.host)}</strong> with the authorisation code: <code>${escapeHtml(target.origin + target.pathname)}</code>.</p>
${notice ? `<p role="alert"><strong>${escapeHtml(notice.message)}</strong></p>` : ""}
<form method="post" action="/oauth/authorize">
${Object.entries(q)
  .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
  .join("")}
<fieldset><legend>Sign in to approve</legend>
<label for="login">Login</label><input id="login" name="login" autocomplete="username" required value="${escapeHtml(q.login ?? "")}">
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
</fieldset>
<p><button class="primary" type="submit" name="decision" value="approve">Approve</button><button type="submit" name="decision" value="deny" formnovalidate>Deny</button></p>
</form>`,
    "*",
    {
      status: notice?.status,
      headers: notice?.retryAfter ? { "Retry-After": String(notice.retryAfter) } : undefined,
    },
  );
};
