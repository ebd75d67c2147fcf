import { addDays } from "@sprout/shared/schemas/children";
import { addMonths, todayIn } from "@sprout/shared/schemas/enquiries";
import type { Database } from "../../db/client.ts";
import { enquiries } from "../../db/schema/enquiries.ts";
import { companies } from "../../db/schema/settings.ts";
import { seedDefaultPrograms } from "../settings/service.ts";

const TIE_UP_COMPANIES = ["Infosys", "Wipro", "Accenture", "Flipkart", "Tata Consultancy Services"];

type Status = "Open" | "Follow-up" | "Closed" | "Lost";

/** [child, parent, mobile, e-mail, area, company, gender, source, major, specific, hours, status, days ago, age in months, follow-up in days, reason, remarks] */
const LEADS: [string, string, string, string | null, string, string | null, "Male" | "Female", string, string, string, number | null, Status, number, number, number | null, string | null, string | null][] = [
  ["Aditi Krishnan", "Meera Krishnan", "+919845012345", "meera.krishnan@example.in", "HSR Layout", "Infosys", "Female", "Online", "Daycare", "TODDLERS", 9, "Open", 1, 28, null, null, "Wants a tour on a weekday morning."],
  ["Vihaan Bhatia", "Rohan Bhatia", "+919902233441", "rohan.bhatia@example.in", "Koramangala 4th Block", null, "Male", "Walk-in", "Pre-school", "PLAYGROUP", 4, "Follow-up", 3, 22, 0, null, "Visited with grandmother; asked about meals."],
  ["Saanvi Pillai", "Lakshmi Pillai", "+919886654321", null, "BTM Layout", "Wipro", "Female", "Reference (Internal)", "Daycare", "CRECHE", 10, "Follow-up", 9, 11, -2, null, "Referred by the Menon family. Call after 5 pm."],
  ["Arnav Deshpande", "Ketaki Deshpande", "+917760123498", "ketaki.d@example.in", "Ejipura", null, "Male", "Advertisement", "Pre-school", "PRE-KINDY", 4, "Open", 2, 41, null, null, null],
  ["Myra Fernandes", "Joanne Fernandes", "+918971234560", "joanne.fernandes@example.in", "Indiranagar", "Accenture", "Female", "Online", "Daycare", "PRE-KINDY", 8, "Follow-up", 6, 44, 5, null, "Comparing with two other centres."],
  ["Kabir Anand", "Sahil Anand", "+919538876543", null, "Jakkasandra", null, "Male", "Walk-in", "After-school Care", "Joey Juniors", 3, "Lost", 20, 70, null, "Chose a centre nearer their new flat", null],
  ["Ishita Banerjee", "Moumita Banerjee", "+919433012876", "moumita.b@example.in", "Koramangala 6th Block", "Flipkart", "Female", "Reference (External)", "Pre-school", "KINDY", 4, "Closed", 12, 52, null, null, "Ready to join from next month."],
  ["Reyansh Gowda", "Chetan Gowda", "+919980011223", "chetan.gowda@example.in", "Madiwala", null, "Male", "Others", "Adhoc Daycare", "Adhoc Daycare", 6, "Open", 0, 30, null, null, "Needs care on Saturdays only."],
  ["Anaya Siddiqui", "Farah Siddiqui", "+918123456789", "farah.siddiqui@example.in", "HSR Layout", "Infosys", "Female", "Online", "Daycare", "PLAYGROUP", 9, "Follow-up", 4, 20, 14, null, null],
  ["Dev Malhotra", "Arjun Malhotra", "+919811098765", null, "Domlur", null, "Male", "Advertisement", "Pre-school", "TODDLERS", 4, "Lost", 30, 27, null, "Fees above their budget", "Offered a quarterly discount; declined."],
  ["Navya Hegde", "Shraddha Hegde", "+917019283746", "shraddha.hegde@example.in", "Koramangala 1st Block", null, "Female", "Walk-in", "Daycare", "KINDY", 10, "Open", 5, 58, null, null, null],
  ["Aarush Venkatesh", "Priya Venkatesh", "+919845566778", "priya.venkatesh@example.in", "Bellandur", "Tata Consultancy Services", "Male", "Reference (Internal)", "Daycare", "CRECHE", 11, "Follow-up", 15, 9, -5, null, "Both parents work late shifts."],
  ["Zoya Khan", "Imran Khan", "+919740011122", null, "Tavarekere", null, "Female", "Online", "After-school Care", "Koala Seniors", 3, "Open", 7, 84, null, null, "Asked about pick-up from school."],
  ["Rudra Kulkarni", "Aditya Kulkarni", "+919663344556", "aditya.kulkarni@example.in", "Koramangala 3rd Block", null, "Male", "Reference (External)", "Pre-school", "PLAYGROUP", 4, "Closed", 8, 21, null, null, null],
  ["Tara Menon", "Divya Menon", "+919820045678", "divya.menon@example.in", "Lokhandwala", "Accenture", "Female", "Online", "Daycare", "TODDLERS", 9, "Open", 2, 30, null, null, null],
  ["Advik Joshi", "Nikhil Joshi", "+919819922334", null, "Versova", null, "Male", "Walk-in", "Pre-school", "KINDY", 4, "Follow-up", 6, 55, 2, null, "Will bring the child for a trial day."],
  ["Kiara D'Souza", "Sheryl D'Souza", "+918097765432", "sheryl.dsouza@example.in", "Oshiwara", null, "Female", "Advertisement", "Daycare", "CRECHE", 10, "Lost", 25, 10, null, "Family moving to Pune", null],
  ["Ayaan Reddy", "Srikanth Reddy", "+919849012345", "srikanth.reddy@example.in", "Kondapur", "Infosys", "Male", "Reference (Internal)", "Daycare", "PRE-KINDY", 9, "Open", 1, 40, null, null, "Interested in the corporate tie-up rate."],
  ["Pari Rao", "Swathi Rao", "+917702345678", null, "Nanakramguda", null, "Female", "Online", "Pre-school", "TODDLERS", 4, "Follow-up", 10, 26, -1, null, null],
  ["Om Naidu", "Venkat Naidu", "+919908877665", "venkat.naidu@example.in", "Gachibowli", null, "Male", "Walk-in", "After-school Care", "Joey Juniors", 3, "Open", 3, 66, null, null, null],
];

/**
 * The enquiries area's part of the demo data: the spec's program lists, five tie-up companies and
 * twenty enquiries (most for the first centre, where the demo staff work), dated around `now`.
 */
export async function seedEnquiriesDemo(db: Database, organisationId: string, centreIds: string[], now: Date) {
  await seedDefaultPrograms(db, organisationId);
  await db.insert(companies).values(TIE_UP_COMPANIES.map((companyName) => ({ organisationId, companyName }))).onConflictDoNothing();
  const today = todayIn("Asia/Kolkata", now);
  await db.insert(enquiries).values(
    LEADS.map(([childName, parentName, mobileNumber, email, parentLocation, company, gender, source, majorProgram, specificProgram, serviceHours, status, daysAgo, ageMonths, followUpIn, reasonForClosure, remarks], index) => {
      const centerId = centreIds[index < 14 ? 0 : index < 17 ? 1 : 2]!;
      const enquiryDate = addDays(today, -daysAgo);
      const created = new Date(now.getTime() - daysAgo * 86_400_000 - index * 60_000);
      return {
        organisationId,
        centerId,
        enquiryDate,
        childName,
        childDob: addMonths(today, -ageMonths),
        parentName,
        mobileNumber,
        email,
        parentLocation,
        company,
        gender,
        source,
        majorProgram,
        specificProgram,
        serviceHours,
        status,
        reasonForClosure,
        followUpFlag: followUpIn !== null,
        followUpDate: followUpIn === null ? null : addDays(today, followUpIn),
        remarks,
        visited: index % 3 === 1,
        probableJoiningDate: status === "Closed" ? addDays(today, 11) : null,
        createdAt: created,
        updatedAt: created,
      };
    }),
  );
}
