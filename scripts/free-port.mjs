// A free TCP port on 127.0.0.1 (taken by a throw-away server, then released), for the test scripts that start a
// server of their own (test-pg.mjs, test-wordpress.mjs, the e2e support).
import net from "node:net";

/** @returns {Promise<number>} */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = /** @type {import("node:net").AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}
