import { createECDH, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import path from "node:path";
// http_ece is what web-push encrypts with; here it decrypts, as a browser would.
import ece from "http_ece";

/** One request the stand-in push service received, with its payload decrypted. */
export interface ReceivedPush {
  device: string;
  headers: Record<string, string | string[] | undefined>;
  payload: Record<string, unknown> | null;
}

/** A browser's side of one subscription: the keys only it holds, to decrypt what arrives. */
export interface TestDevice {
  name: string;
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  decrypt(body: Buffer): Record<string, unknown>;
}

/** What the stand-in answers next for a device (201 when nothing is scripted). */
type Answer = { status: number; headers?: Record<string, string> };

/**
 * A local stand-in for a push service (FCM, Mozilla's autopush): HTTPS with the run's
 * self-signed certificate (test/push-service-certificate.ts), one endpoint per device at
 * /push/<device>. It decrypts every payload with that device's private keys (RFC 8291).
 */
export async function startPushService() {
  const dir = process.env.PUSH_TEST_CERT_DIR;
  if (!dir) throw new Error("PUSH_TEST_CERT_DIR is unset: the global setup makes the stand-in's certificate");
  const devices = new Map<string, TestDevice>();
  const scripted = new Map<string, Answer[]>();
  const received: ReceivedPush[] = [];
  const server: Server = createServer(
    { key: readFileSync(path.join(dir, "key.pem")), cert: readFileSync(path.join(dir, "cert.pem")) },
    (request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const name = decodeURIComponent((request.url ?? "").replace(/^\/push\//, ""));
        const device = devices.get(name);
        const body = Buffer.concat(chunks);
        received.push({ device: name, headers: request.headers, payload: device ? device.decrypt(body) : null });
        const answer = scripted.get(name)?.shift() ?? { status: device ? 201 : 404 };
        response.writeHead(answer.status, answer.headers ?? {});
        response.end();
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const host = `localhost:${(server.address() as AddressInfo).port}`;

  return {
    /** The host[:port] to accept (PUSH_ALLOWED_HOSTS). */
    host,
    received,
    /** A new browser subscription: its own ECDH P-256 key pair and auth secret. */
    device(name: string): TestDevice {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const device: TestDevice = {
        name,
        subscription: {
          endpoint: `https://${host}/push/${encodeURIComponent(name)}`,
          keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") },
        },
        decrypt: (body) =>
          JSON.parse(
            ece
              .decrypt(body, { version: "aes128gcm", privateKey: ecdh, authSecret: auth.toString("base64url") })
              .toString(),
          ),
      };
      devices.set(name, device);
      return device;
    },
    /** The next answers for a device, in order (then 201 again). */
    answer(name: string, ...answers: Answer[]) {
      scripted.set(name, [...(scripted.get(name) ?? []), ...answers]);
    },
    to: (name: string) => received.filter((push) => push.device === name),
    clear: () => void received.splice(0),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type PushServiceStandIn = Awaited<ReturnType<typeof startPushService>>;
