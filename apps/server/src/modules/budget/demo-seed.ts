import { DEFAULT_TIME_ZONE } from "@sprout/shared/constants";
import { fiscalYearOf, fiscalYearStart } from "@sprout/shared/schemas/budget";
import { addDays, todayIn } from "@sprout/shared/schemas/children";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { budgetLimits, budgetRequests, expenses } from "../../db/schema/budget.ts";

interface People {
  owner: string;
  finance: string;
  director: string;
  admin: string;
  coordinator: string;
}

const DAY = 86_400_000;

/**
 * A few months of the demo centres' books: limits for this fiscal year, requests in each state
 * (one waiting at each of the first two centres), and expenses, some without a receipt.
 */
export async function seedBudgetDemo(
  tx: Database,
  organisationId: string,
  centres: { id: string }[],
  people: People,
  now: Date,
) {
  const today = todayIn(DEFAULT_TIME_ZONE, now);
  const fiscalYear = fiscalYearStart(fiscalYearOf(today));
  const [home, second, third] = centres;
  if (!home || !second || !third) return;
  const stamp = { createdAt: now, updatedAt: now };
  const limit = (centerId: string, role: "center_director" | "admin" | "academic_coordinator", rupees: number) => ({
    organisationId,
    centerId,
    role,
    fiscalYear,
    approvalLimitPaise: rupees * 100,
    notes: "Approved in the annual budget review",
    ...stamp,
  });
  const [directorLimit] = await tx
    .insert(budgetLimits)
    .values([
      limit(home.id, "center_director", 25_000),
      limit(home.id, "admin", 10_000),
      limit(home.id, "academic_coordinator", 5_000),
      limit(second.id, "center_director", 25_000),
      limit(third.id, "center_director", 20_000),
    ])
    .returning({ id: budgetLimits.id });
  // The art supplies below were approved within this limit.
  await tx.update(budgetLimits).set({ usedPaise: 850_000 }).where(eq(budgetLimits.id, directorLimit!.id));

  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);
  const request = (
    centerId: string,
    requesterId: string,
    description: string,
    rupees: number,
    category: (typeof budgetRequests.$inferInsert)["category"],
    justification: string,
    age: number,
  ) => ({
    organisationId,
    centerId,
    requesterId,
    description,
    amountPaise: rupees * 100,
    category,
    justification,
    fiscalYear,
    createdAt: daysAgo(age),
  });
  const [, paint] = await tx
    .insert(budgetRequests)
    .values([
      {
        ...request(home.id, people.director, "Outdoor play mats", 65_000, "equipment", "The old mats are torn", 3),
        status: "pending" as const,
      },
      {
        ...request(home.id, people.director, "Art supplies for the term", 8_500, "supplies", "Paints and paper", 40),
        status: "approved" as const,
        limitId: directorLimit!.id,
        decidedAt: daysAgo(40),
      },
      {
        ...request(home.id, people.admin, "Water purifier service", 42_000, "maintenance", "Annual service due", 60),
        status: "approved" as const,
        decidedBy: people.finance,
        decidedAt: daysAgo(58),
        decisionNotes: "Approved: health and safety",
      },
      {
        ...request(home.id, people.coordinator, "Festival decorations", 18_000, "marketing", "Diwali open day", 30),
        status: "rejected" as const,
        decidedBy: people.finance,
        decidedAt: daysAgo(28),
        decisionNotes: "Please use last year's decorations",
      },
      {
        ...request(second.id, people.owner, "Kitchen refrigerator", 38_000, "equipment", "The old one fails", 9),
        status: "pending" as const,
      },
      {
        ...request(third.id, people.owner, "First-aid kits", 6_000, "supplies", "Replace expired kits", 20),
        status: "approved" as const,
        decidedBy: people.finance,
        decidedAt: daysAgo(19),
      },
    ])
    .returning({ id: budgetRequests.id });

  const expense = (
    centerId: string,
    age: number,
    rupees: number,
    category: (typeof expenses.$inferInsert)["category"],
    description: string,
    extra: Partial<typeof expenses.$inferInsert> = {},
  ) => ({
    organisationId,
    centerId,
    expenseDate: addDays(today, -age),
    amountPaise: rupees * 100,
    category,
    description,
    paymentMode: "online" as const,
    loggedBy: people.finance,
    createdAt: daysAgo(age),
    ...extra,
  });
  await tx.insert(expenses).values([
    expense(home.id, 2, 3_450, "food", "Fruit and milk for the week", { vendor: "Fresh Basket", paymentMode: "UPI" }),
    expense(home.id, 38, 8_200, "supplies", "Paints, brushes and chart paper", {
      vendor: "Kids Mart",
      gstNumber: "29ABCDE1234F1Z5",
      requestId: paint!.id,
      loggedBy: people.director,
    }),
    expense(home.id, 45, 95_000, "rent", "Monthly rent", { paymentMode: "RTGS", vendor: "Lakeview Estates" }),
    expense(home.id, 15, 95_000, "rent", "Monthly rent", { paymentMode: "RTGS", vendor: "Lakeview Estates" }),
    expense(home.id, 20, 12_600, "utilities", "Electricity bill", { paymentMode: "online", vendor: "BESCOM" }),
    expense(home.id, 75, 11_900, "utilities", "Electricity bill", { paymentMode: "online", vendor: "BESCOM" }),
    expense(second.id, 10, 88_000, "rent", "Monthly rent", { paymentMode: "cheque", vendor: "Andheri Properties" }),
    expense(second.id, 5, 6_400, "maintenance", "Plumbing repair", { paymentMode: "cash", vendor: "Local plumber" }),
    expense(third.id, 12, 72_000, "rent", "Monthly rent", { paymentMode: "RTGS", vendor: "Hitech Spaces" }),
  ]);
}
