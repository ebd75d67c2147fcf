/**
 * A stand-in push service for bench/push.ts, in its own process (as FCM is on its own machines):
 * HTTPS with the bench's self-signed certificate, 201 to every POST /push/<device>. Told
 * `{ expect: n }` over IPC, it answers `{ delivered: n }` once n pushes have arrived since.
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:https";
import type { AddressInfo } from "node:net";

const dir = process.env.BENCH_CERT_DIR!;
let expected = Number.POSITIVE_INFINITY;
let count = 0;
const server = createServer(
  { key: readFileSync(`${dir}/key.pem`), cert: readFileSync(`${dir}/cert.pem`) },
  (request, response) => {
    request.resume();
    request.on("end", () => {
      response.writeHead(201);
      response.end();
      count += 1;
      if (count === expected) process.send?.({ delivered: count });
    });
  },
);
server.keepAliveTimeout = 60_000;
server.listen(0, "127.0.0.1", () => process.send?.({ port: (server.address() as AddressInfo).port }));
process.on("message", (message: { expect: number }) => {
  count = 0;
  expected = message.expect;
});
process.on("disconnect", () => server.close(() => process.exit(0)));
