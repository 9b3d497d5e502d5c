import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { buildContentSecurityPolicy, REACT_HIDDEN_SVG_STYLE_HASH } from "./console-csp";

const directive = (policy: string, name: string) =>
  policy
    .split("; ")
    .find((d) => d.startsWith(`${name} `))
    ?.slice(name.length + 1)
    .split(" ");

describe("the console's Content-Security-Policy", () => {
  it("allows one inline style attribute, React's display:none, and no other", () => {
    const policy = buildContentSecurityPolicy("n0nce", { dev: false });
    const expected = `sha256-${createHash("sha256").update("display:none").digest("base64")}`;
    expect(REACT_HIDDEN_SVG_STYLE_HASH).toBe(expected);
    expect(directive(policy, "style-src-attr")).toEqual(["'unsafe-hashes'", `'${expected}'`]);
    // Style elements still need the request's nonce; nothing is 'unsafe-inline'.
    expect(directive(policy, "style-src")).toEqual(["'self'", "'nonce-n0nce'"]);
    expect(policy).not.toContain("'unsafe-inline'");
  });
});
