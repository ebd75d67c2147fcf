import { hash, verify } from "@node-rs/argon2";

// argon2id with OWASP's second recommended profile (19 MiB, 2 passes).
const PROFILE = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
// The test suites sign in over a thousand times; at 19 MiB each took a minute of CPU a run. The
// cost travels in each hash, so the switch only changes hashes made while it is on: the test
// runs' own. Production refuses it (config.ts, docs/adr/0044-test-password-hashing.md).
const TEST_PROFILE = { memoryCost: 256, timeCost: 1, parallelism: 1 } as const;

export const hashPassword = (password: string) =>
  hash(password, process.env.TEST_FAST_PASSWORD_HASHING === "1" ? TEST_PROFILE : PROFILE);

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  // An account without a password (invited, not yet set) costs the same time as any other.
  if (!passwordHash) return verifyAgainstDummy(password);
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the user does not exist, so timing does not tell. Never matches. */
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword("not-a-real-password");
  await verifyPassword(await dummyHash, password);
  return false;
}
