import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ADMISSION_ORDER, pipelineSteps } from "@/service/app";
import { allHandlers } from "@/service/routes";

const docs = readFileSync(path.join(process.cwd(), "docs/reference-service.md"), "utf8");
const section = docs.slice(
  docs.indexOf("## Request pipeline"),
  docs.indexOf("The first step that answers ends the call."),
);
const namesIn = (text: string) => [...text.matchAll(/`([a-z-]+)`/g)].map((m) => m[1]);

describe("the pipeline's steps", () => {
  it("are named in docs/reference-service.md in the order service/app.ts runs them", () => {
    const documented = [...section.matchAll(/^\d+\. `([a-z-]+)`/gm)].map((m) => m[1]);
    expect(documented).toEqual(pipelineSteps(allHandlers).map(([name]) => name));
  });

  it("document admission's order with and without a body as ADMISSION_ORDER has it", () => {
    const line = (label: string) => {
      const start = section.indexOf(`- ${label}:`);
      const end = section.indexOf(" (", start);
      return namesIn(section.slice(start, end));
    };
    expect(line("without a body")).toEqual([...ADMISSION_ORDER.withoutBody]);
    expect(line("with a body")).toEqual([...ADMISSION_ORDER.withBody]);
  });

  it("have one name each", () => {
    const names = pipelineSteps(allHandlers).map(([name]) => name);
    expect(new Set(names).size).toBe(names.length);
  });
});
