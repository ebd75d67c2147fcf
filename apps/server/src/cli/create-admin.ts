import { parseArgs } from "node:util";
import { eq, sql } from "drizzle-orm";
import { hashPassword } from "../auth/passwords.ts";
import { loadConfig } from "../config.ts";
import { embeddedDataDir, openDatabase } from "../db/client.ts";
import { organisations } from "../db/schema/organisations.ts";
import { users } from "../db/schema/users.ts";

/** Makes the first super admin on an empty production database. */
async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: "string" },
      password: { type: "string" },
      name: { type: "string" },
      organisation: { type: "string" },
    },
  });
  if (!values.email || !values.password)
    throw new Error("Usage: npm run create-admin -- --email E --password P [--name N] [--organisation O]");
  if (values.password.length < 8) throw new Error("The password must be at least 8 characters");
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: embeddedDataDir(config.dataDir) });
  await database.migrate();
  try {
    const existing = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, values.email.toLowerCase()));
    if (existing.length > 0) throw new Error(`A user with the e-mail ${values.email} already exists`);
    let [organisation] = await database.db.select().from(organisations).limit(1);
    organisation ??= (
      await database.db
        .insert(organisations)
        .values({ name: values.organisation ?? "Sprout" })
        .returning()
    )[0];
    await database.db.insert(users).values({
      organisationId: organisation!.id,
      email: values.email,
      passwordHash: await hashPassword(values.password),
      fullName: values.name ?? "Super Administrator",
      role: "super_admin",
    });
    console.log(`Super admin ${values.email} created in ${organisation!.name}.`);
  } finally {
    await database.close();
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
