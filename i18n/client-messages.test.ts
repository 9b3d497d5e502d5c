import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import { CLIENT_NAMESPACES, pickMessages } from "./client-messages";

const ROOT = resolve(__dirname, "..");

function sources(): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
        out.set(path, readFileSync(path, "utf8"));
    }
  };
  for (const dir of ["app", "components", "lib"]) walk(join(ROOT, dir));
  return out;
}

/** The file an import names, among the sources, or null (a package). */
function resolveImport(files: Map<string, string>, from: string, specifier: string) {
  let base: string;
  if (specifier.startsWith("@/")) base = join(ROOT, specifier.slice(2));
  else if (specifier.startsWith(".")) base = resolve(dirname(from), specifier);
  else return null;
  const candidates = [`${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")];
  return candidates.find((c) => files.has(c)) ?? null;
}

/** Every module the browser loads: `"use client"` files and whatever they import, transitively. */
function clientModules(files: Map<string, string>): Set<string> {
  const seen = new Set<string>();
  const stack = [...files]
    .filter(([, text]) => /^\s*["']use client["']/.test(text))
    .map(([f]) => f);
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const m of files
      .get(file)!
      .matchAll(/^(?:import|export)\s(?!type\s)[^;]*?from\s+["']([^"']+)["']/gm)) {
      const target = resolveImport(files, file, m[1]!);
      if (target) stack.push(target);
    }
  }
  return seen;
}

/** The namespaces asked for in `files`, each kept only when no broader one covers it. */
function namespacesAskedFor(files: Map<string, string>, among: Set<string>): string[] {
  const asked = new Set<string>();
  for (const file of among) {
    const text = files.get(file)!;
    expect(text, `${file} asks for a namespace by a name only known at run time`).not.toMatch(
      /useTranslations\(\s*[^"\s)]/,
    );
    for (const m of text.matchAll(/useTranslations\(\s*(?:"([^"]*)")?\s*\)/g))
      asked.add(m[1] ?? "");
  }
  const all = [...asked].sort();
  return all.filter((n) => !all.some((o) => o !== n && (o === "" || n.startsWith(`${o}.`))));
}

describe("the messages sent to the browser", () => {
  it("are exactly the namespaces client components ask for", () => {
    const files = sources();
    expect([...CLIENT_NAMESPACES]).toEqual(namespacesAskedFor(files, clientModules(files)));
  });

  it("each name a namespace of the catalogue", () => {
    for (const namespace of CLIENT_NAMESPACES) {
      const found = namespace
        .split(".")
        .reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], en);
      expect(typeof found, namespace).toBe("object");
    }
  });

  it("keep each namespace whole and nothing else", () => {
    const messages = {
      a: { b: { c: "1", d: "2" }, e: "3" },
      f: { g: "4" },
      h: "5",
    };
    expect(pickMessages(messages, ["a.b", "f", "missing.path"])).toEqual({
      a: { b: { c: "1", d: "2" } },
      f: { g: "4" },
    });
    expect(pickMessages(messages, ["a.b.c.x", "a.h", "__proto__", "toString"])).toEqual({});
  });

  it("are far smaller than the catalogue", () => {
    const sent = JSON.stringify(pickMessages(en, CLIENT_NAMESPACES)).length;
    expect(sent).toBeLessThan(JSON.stringify(en).length * 0.7);
  });
});
