import { describe, expect, it } from "vitest";
import { processState } from "./process-state";

describe("processState", () => {
  it("hands every copy of a module the same state under one name, created once", () => {
    let created = 0;
    const create = () => ({ n: ++created });
    // Two bundles' copies of one module each ask with their own closure.
    const fromPages = processState("test:one", create);
    const fromRoutes = processState("test:one", () => ({ n: -1 }));
    expect(fromRoutes).toBe(fromPages);
    expect(created).toBe(1);
    expect(processState("test:two", create)).not.toBe(fromPages);
  });
});
