import { describe, expect, it } from "vitest";
import { isBlockedAddress } from "./outbound.server";

describe("the addresses publishing never calls", () => {
  it("blocks loopback, private, link-local, shared, multicast and unspecified addresses, in v4, v6 and v4-mapped v6", () => {
    for (const address of [
      "127.0.0.1",
      "10.0.0.8",
      "172.16.5.4",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "::1",
      "::",
      "fd00::1",
      "fe80::1",
      "ff02::1",
      "::ffff:127.0.0.1",
      "::ffff:10.0.0.1",
      "not an address",
    ])
      expect(isBlockedAddress(address), address).toBe(true);
  });

  it("lets public addresses through", () => {
    for (const address of ["93.184.216.34", "172.32.0.1", "8.8.8.8", "2606:4700:4700::1111", "::ffff:93.184.216.34"])
      expect(isBlockedAddress(address), address).toBe(false);
  });
});
