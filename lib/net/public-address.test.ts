import { describe, expect, it } from "vitest";
import { isPublicAddress } from "./public-address";

describe("isPublicAddress", () => {
  it("refuses loopback, link-local, private, reserved and multicast addresses", () => {
    for (const address of [
      "127.0.0.1",
      "127.8.9.10",
      "10.1.2.3",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "255.255.255.255",
      "::1",
      "::",
      "fe80::1",
      "fd00::1",
      "fc12::1",
      "ff02::1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::ffff:169.254.169.254",
      "64:ff9b::a9fe:a9fe",
      "::7f00:1",
      "::a00:1",
      "64:ff9b:1::a00:1",
      "[::1]",
      "fe80::1%eth0",
      "localhost",
      "not an address",
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });

  it("accepts addresses of the public internet", () => {
    for (const address of [
      "93.184.216.34",
      "8.8.8.8",
      "172.32.0.1",
      "2606:4700::1111",
      "::ffff:8.8.8.8",
    ])
      expect(isPublicAddress(address), address).toBe(true);
  });
});
