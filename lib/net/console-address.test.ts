import { describe, expect, it } from "vitest";
import { consoleAddress, passkeyAddress } from "./console-address";

describe("the address npm start prints", () => {
  it("names a loopback or every-interface console localhost, where passkeys work", () => {
    for (const host of ["127.0.0.1", "::1", "localhost", "0.0.0.0", "::"])
      expect(consoleAddress({ host, port: 3000, https: false })).toBe("http://localhost:3000");
    expect(consoleAddress({ host: "127.0.0.1", port: 3443, https: true })).toBe(
      "https://localhost:3443",
    );
  });

  it("keeps any other host as given", () => {
    expect(consoleAddress({ host: "console.example", port: 80, https: false })).toBe(
      "http://console.example:80",
    );
    expect(consoleAddress({ host: "10.0.0.5", port: 3000, https: false })).toBe(
      "http://10.0.0.5:3000",
    );
    expect(consoleAddress({ host: "fd00::5", port: 3000, https: false })).toBe(
      "http://[fd00::5]:3000",
    );
  });
});

describe("where passkeys work, seen from a page", () => {
  it("here, at a name", () => {
    expect(passkeyAddress(new URL("http://localhost:3000/account"), undefined)).toBeUndefined();
    expect(
      passkeyAddress(new URL("https://console.example/sign-in"), "https://console.example"),
    ).toBeUndefined();
  });

  it("at localhost, for the same page on a loopback IP address", () => {
    for (const pub of [undefined, "http://127.0.0.1:3000", "http://localhost:3000"])
      expect(passkeyAddress(new URL("http://127.0.0.1:3000/invite/abc?x=1#top"), pub)).toBe(
        "http://localhost:3000/invite/abc?x=1",
      );
    expect(passkeyAddress(new URL("http://[::1]:3000/account"), undefined)).toBe(
      "http://localhost:3000/account",
    );
  });

  it("at the public address's name, from any IP address", () => {
    expect(passkeyAddress(new URL("http://10.0.0.5:3000/account"), "https://console.example")).toBe(
      "https://console.example/account",
    );
    expect(passkeyAddress(new URL("http://10.0.0.5:3000/account"), "http://10.0.0.5:3000")).toBe(
      null,
    );
  });
});
