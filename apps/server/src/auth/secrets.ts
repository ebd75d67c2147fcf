import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, randomInt } from "node:crypto";

/** Keys derived from the app secret, one per purpose. */
export function createSecretBox(appSecret: string) {
  const derive = (purpose: string) => Buffer.from(hkdfSync("sha256", appSecret, "sprout", purpose, 32));
  const encryptionKey = derive("two-factor-secret-encryption");
  const hashKey = derive("one-time-code-hash");

  const twoFactorSecrets = aesGcm(encryptionKey);
  const outboxMessages = aesGcm(derive("mail-outbox-seal"));

  return {
    /** Two-factor secrets: AES-256-GCM; the result is `v1.<iv>.<tag>.<ciphertext>` in base64url. */
    encrypt: twoFactorSecrets.seal,
    decrypt: twoFactorSecrets.open,
    /** Messages waiting in the outbox (they may carry one-time codes), under their own key. */
    sealMessage: outboxMessages.seal,
    openMessage: outboxMessages.open,
    /**
     * A keyed hash for short one-time codes: without the app secret a stolen table cannot be
     * brute-forced offline. `context` binds the code to its row or user.
     */
    hashCode(context: string, code: string): string {
      return createHmac("sha256", hashKey).update(`${context}:${code}`).digest("hex");
    },
  };
}
export type SecretBox = ReturnType<typeof createSecretBox>;

function aesGcm(key: Buffer) {
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return [
        "v1",
        iv.toString("base64url"),
        cipher.getAuthTag().toString("base64url"),
        body.toString("base64url"),
      ].join(".");
    },
    open(sealed: string): string {
      const [version, iv, tag, body] = sealed.split(".");
      if (version !== "v1" || !iv || !tag || !body) throw new Error("unknown sealed format");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
    },
  };
}

/** Upper-case letters and digits without the look-alikes 0/O and 1/I. */
const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

export function randomCode(length: number): string {
  let code = "";
  for (let index = 0; index < length; index++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** A code of decimal digits (leading zeros kept), each digit uniformly random. */
export function randomDigits(length: number): string {
  let code = "";
  for (let index = 0; index < length; index++) code += String(randomInt(10));
  return code;
}

export function maskEmail(email: string): string {
  const [local = "", domain = ""] = email.trim().toLowerCase().split("@");
  const keep = local.length <= 2 ? local.slice(0, 1) : local.slice(0, 2);
  return `${keep}${"*".repeat(Math.max(3, local.length - keep.length))}@${domain}`;
}
