import { createServer } from "node:http";
import { type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  controlsServe,
  SandboxControlsError,
  sandboxControlsFor,
  SandboxOutcomeUnknownError,
} from "./sandbox-controls-client";

const index = (keys: "all" | "sandbox") => ({ controls: [], openapi: "", keys });

describe("which sessions the sandbox controls serve", () => {
  it("follows what the service says of its keys", () => {
    expect(controlsServe(null, "sandbox")).toBe(false);
    expect(controlsServe(index("all"), "production")).toBe(true);
    expect(controlsServe(index("all"), "sandbox")).toBe(true);
    expect(controlsServe(index("sandbox"), "sandbox")).toBe(true);
    expect(controlsServe(index("sandbox"), "production")).toBe(false);
    expect(controlsServe(index("sandbox"), "unknown")).toBe(false);
  });
});

describe("a gateway's own error in front of the controls", () => {
  // nginx answers 502 with its own page when the instance behind it is gone mid-request.
  const gateway = createServer((_req, res) => {
    res.writeHead(502, { "Content-Type": "text/html" }).end("<html>502 Bad Gateway</html>");
  });
  let url = "";
  beforeAll(async () => {
    await new Promise<void>((resolve) => gateway.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => gateway.close(() => resolve())));

  it("leaves a change's outcome unknown, and a read refused", async () => {
    const controls = sandboxControlsFor(url, "svc_test_x");
    await expect(controls.reset("cl_x")).rejects.toBeInstanceOf(SandboxOutcomeUnknownError);
    await expect(controls.removeFaultRule("r1")).rejects.toBeInstanceOf(SandboxOutcomeUnknownError);
    await expect(controls.clock()).rejects.toBeInstanceOf(SandboxControlsError);
  });
});
