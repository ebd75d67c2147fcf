import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * Global setup: a self-signed certificate for the test stand-in of a push service (push services
 * speak HTTPS). The workers start after this and trust it through NODE_EXTRA_CA_CERTS, exactly as
 * the server trusts a real push service through the system's roots: the sender gets no special
 * agent or flag. PUSH_TEST_CERT_DIR tells the stand-in where its key and certificate are.
 */
export default function setup() {
  const dir = mkdtempSync(path.join(tmpdir(), "sprout-push-cert-"));
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:P-256",
      "-nodes",
      "-days",
      "2",
      "-subj",
      "/CN=localhost",
      "-addext",
      "subjectAltName=DNS:localhost,IP:127.0.0.1",
      "-keyout",
      path.join(dir, "key.pem"),
      "-out",
      path.join(dir, "cert.pem"),
    ],
    { stdio: "ignore" },
  );
  process.env.NODE_EXTRA_CA_CERTS = path.join(dir, "cert.pem");
  process.env.PUSH_TEST_CERT_DIR = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
