import type { Database } from "../src/db/client.ts";
import { query } from "./billing-support.ts";

/** The demo parent's children's invoices and another family's, of the same centre, by status. */
export async function payFixtures(db: Database) {
  const family = await query<{ id: string }>(
    db,
    `select s.id from students s join student_guardians sg on sg.student_id = s.id join guardians g on g.id = sg.guardian_id
     join users u on u.id = g.user_id where u.email = 'parent@sprout.test'`,
  );
  const ids = family.map((child) => `'${child.id}'`).join(",");
  const invoicesWhere = (where: string) =>
    query<{
      id: string;
      invoice_number: string;
      payment_reference: string;
      outstanding: string;
      issue_date: string;
      center_id: string;
    }>(
      db,
      `select id, invoice_number, payment_reference, (total_paise - paid_paise - credited_paise)::text as outstanding,
              issue_date::text, center_id from invoices where ${where} order by invoice_number`,
    );
  return {
    ownUnpaid: await invoicesWhere(`student_id in (${ids}) and status in ('Pending', 'Overdue')`),
    ownPaid: await invoicesWhere(`student_id in (${ids}) and status = 'Paid'`),
    otherFamilyUnpaid: await invoicesWhere(
      `student_id not in (${ids}) and status in ('Pending', 'Overdue') and center_id =
        (select center_id from students where id in (${ids}) limit 1)
        and not exists (select 1 from payment_claims c where c.invoice_id = invoices.id)`,
    ),
  };
}

/** A fresh 12-digit UTR for each call in a file. */
let next = 0;
export const freshUtr = () => `7${String(Date.now() % 1e6).padStart(6, "0")}${String(next++).padStart(5, "0")}`;
