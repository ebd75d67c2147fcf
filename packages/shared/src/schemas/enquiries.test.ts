import { describe, expect, expectTypeOf, it } from "vitest";
import { admissionSchema } from "./admissions.ts";
import {
  addMonths,
  type EnquiryFormValues,
  type EnquiryInput,
  type EnquiryPayload,
  enquirySchema,
  fieldErrors,
  ENQUIRY_MESSAGES as M,
  normaliseMobile,
} from "./enquiries.ts";
import { DEFAULT_PROGRAMS } from "./settings.ts";

const today = "2026-11-20";
const schema = enquirySchema({ today, programs: DEFAULT_PROGRAMS });

const valid = {
  child_name: "Aarav Sharma",
  parent_name: "Rahul Sharma",
  mobile_number: "9876543210",
  source: "Walk-in",
  major_program: "Daycare",
  specific_program: "CRECHE",
};

/** The message about one field, or undefined when the field passes. */
function errorOf(patch: Record<string, unknown>, field: string, rules = schema) {
  const result = rules.safeParse({ ...valid, ...patch });
  return result.success ? undefined : fieldErrors(result.error)[field];
}

describe("calendar months", () => {
  it("adds and subtracts months, clamping to the end of a month", () => {
    expect(addMonths("2026-11-20", 6)).toBe("2027-05-20");
    expect(addMonths("2026-11-20", -6)).toBe("2026-05-20");
    expect(addMonths("2026-08-31", 6)).toBe("2027-02-28");
    expect(addMonths("2026-11-20", -96)).toBe("2018-11-20");
    expect(addMonths("2026-01-15", -1)).toBe("2025-12-15");
  });
});

describe("enquiry form rules", () => {
  it("accepts a minimal valid enquiry and fills the defaults", () => {
    const parsed = schema.parse(valid);
    expect(parsed).toMatchObject({
      status: "Open",
      follow_up_flag: false,
      visited: false,
      email: null,
      child_dob: null,
      service_hours: null,
    });
  });

  describe.each([
    ["child_name", M.childName],
    ["parent_name", M.parentName],
  ] as const)("%s", (field, messages) => {
    it("is required", () => {
      expect(errorOf({ [field]: "" }, field)).toBe(messages.required);
      expect(errorOf({ [field]: "   " }, field)).toBe(messages.required);
      expect(errorOf({ [field]: undefined }, field)).toBe(messages.required);
    });
    it("takes 2 to 50 characters", () => {
      expect(errorOf({ [field]: "A" }, field)).toBe(messages.tooShort);
      expect(errorOf({ [field]: "Al" }, field)).toBeUndefined();
      expect(errorOf({ [field]: "A".repeat(50) }, field)).toBeUndefined();
      expect(errorOf({ [field]: "A".repeat(51) }, field)).toBe(messages.tooLong);
    });
    it("allows letters, spaces, hyphens and apostrophes only", () => {
      expect(errorOf({ [field]: "Mary-Ann D'Souza" }, field)).toBeUndefined();
      expect(errorOf({ [field]: "Aarav 2" }, field)).toBe(messages.letters);
      expect(errorOf({ [field]: "Aarav_S" }, field)).toBe(messages.letters);
      expect(errorOf({ [field]: "आरव" }, field)).toBeUndefined();
    });
    it("trims surrounding spaces", () => {
      expect(schema.parse({ ...valid, [field]: "  Diya Rao  " })[field]).toBe("Diya Rao");
    });
  });

  describe("mobile number", () => {
    it("is required", () => {
      expect(errorOf({ mobile_number: "" }, "mobile_number")).toBe(M.mobileRequired);
      expect(errorOf({ mobile_number: "  " }, "mobile_number")).toBe(M.mobileRequired);
      expect(errorOf({ mobile_number: undefined }, "mobile_number")).toBe(M.mobileRequired);
    });
    it("takes an optional +91 and 10 digits starting with 6 to 9, ignoring spaces, stored normalised", () => {
      for (const raw of ["9876543210", "+919876543210", "+91 98765 43210", " 98765 43210 ", "6000000000"]) {
        expect(errorOf({ mobile_number: raw }, "mobile_number"), raw).toBeUndefined();
      }
      expect(schema.parse({ ...valid, mobile_number: "+91 98765 43210" }).mobile_number).toBe("+919876543210");
      expect(schema.parse({ ...valid, mobile_number: "98765 43210" }).mobile_number).toBe("+919876543210");
      expect(normaliseMobile("+91 6123 456 789")).toBe("+916123456789");
    });
    it("refuses other numbers", () => {
      for (const raw of [
        "5876543210",
        "987654321",
        "98765432101",
        "+9198765432",
        "+929876543210",
        "91-9876543210",
        "98765o4321",
      ]) {
        expect(errorOf({ mobile_number: raw }, "mobile_number"), raw).toBe(M.mobileInvalid);
      }
    });
  });

  it("checks the e-mail format when one is given", () => {
    expect(errorOf({ email: "" }, "email")).toBeUndefined();
    expect(errorOf({ email: "rahul.sharma@example.in" }, "email")).toBeUndefined();
    expect(errorOf({ email: "rahul.sharma@" }, "email")).toBe(M.emailInvalid);
    expect(errorOf({ email: "rahul sharma@example.in" }, "email")).toBe(M.emailInvalid);
    expect(schema.parse({ ...valid, email: " Rahul@Example.IN " }).email).toBe("rahul@example.in");
  });

  describe("child date of birth", () => {
    it("is optional", () => {
      expect(errorOf({ child_dob: "" }, "child_dob")).toBeUndefined();
      expect(errorOf({ child_dob: null }, "child_dob")).toBeUndefined();
    });
    it("cannot be in the future", () => {
      expect(errorOf({ child_dob: "2026-11-21" }, "child_dob")).toBe(M.dobFuture);
    });
    it("is at least 6 months old: exactly 6 months passes, a day less fails", () => {
      expect(errorOf({ child_dob: "2026-05-20" }, "child_dob")).toBeUndefined();
      expect(errorOf({ child_dob: "2026-05-21" }, "child_dob")).toBe(M.dobTooYoung);
      expect(errorOf({ child_dob: today }, "child_dob")).toBe(M.dobTooYoung);
    });
    it("is at most 8 years old: exactly 8 years passes, a day more fails", () => {
      expect(errorOf({ child_dob: "2018-11-20" }, "child_dob")).toBeUndefined();
      expect(errorOf({ child_dob: "2018-11-19" }, "child_dob")).toBe(M.dobTooOld);
    });
    it("must be a real date", () => {
      expect(errorOf({ child_dob: "2024-02-30" }, "child_dob")).toBe(M.dateInvalid);
    });
  });

  describe("follow-up", () => {
    it("choosing Follow-up turns the flag on and requires a date", () => {
      expect(errorOf({ status: "Follow-up" }, "follow_up_date")).toBe(M.followUpRequired);
      const parsed = schema.parse({
        ...valid,
        status: "Follow-up",
        follow_up_flag: false,
        follow_up_date: "2026-11-25",
      });
      expect(parsed.follow_up_flag).toBe(true);
    });
    it("the flag alone also requires a date", () => {
      expect(errorOf({ follow_up_flag: true }, "follow_up_date")).toBe(M.followUpRequired);
      expect(errorOf({ follow_up_flag: false }, "follow_up_date")).toBeUndefined();
    });
    it("may be today but not in the past", () => {
      expect(errorOf({ status: "Follow-up", follow_up_date: today }, "follow_up_date")).toBeUndefined();
      expect(errorOf({ status: "Follow-up", follow_up_date: "2026-11-19" }, "follow_up_date")).toBe(M.followUpPast);
    });
    it("may be 6 months ahead but not a day more", () => {
      expect(errorOf({ status: "Follow-up", follow_up_date: "2027-05-20" }, "follow_up_date")).toBeUndefined();
      expect(errorOf({ status: "Follow-up", follow_up_date: "2027-05-21" }, "follow_up_date")).toBe(M.followUpTooFar);
    });
  });

  describe("service hours", () => {
    it("are optional", () => {
      expect(errorOf({ service_hours: "" }, "service_hours")).toBeUndefined();
      expect(errorOf({ service_hours: null }, "service_hours")).toBeUndefined();
    });
    it("run from 2 to 12", () => {
      expect(errorOf({ service_hours: 2 }, "service_hours")).toBeUndefined();
      expect(errorOf({ service_hours: "12" }, "service_hours")).toBeUndefined();
      expect(errorOf({ service_hours: 1.5 }, "service_hours")).toBe(M.serviceHoursMin);
      expect(errorOf({ service_hours: 12.5 }, "service_hours")).toBe(M.serviceHoursMax);
      expect(errorOf({ service_hours: "13" }, "service_hours")).toBe(M.serviceHoursMax);
      expect(schema.parse({ ...valid, service_hours: "8" }).service_hours).toBe(8);
    });
    it("are a positive number", () => {
      expect(errorOf({ service_hours: 0 }, "service_hours")).toBe(M.serviceHoursNumber);
      expect(errorOf({ service_hours: -4 }, "service_hours")).toBe(M.serviceHoursNumber);
      expect(errorOf({ service_hours: "eight" }, "service_hours")).toBe(M.serviceHoursNumber);
    });
  });

  it("company takes 2 to 100 characters when given", () => {
    expect(errorOf({ company: "" }, "company")).toBeUndefined();
    expect(errorOf({ company: "I" }, "company")).toBe(M.companyTooShort);
    expect(errorOf({ company: "IB" }, "company")).toBeUndefined();
    expect(errorOf({ company: "x".repeat(100) }, "company")).toBeUndefined();
    expect(errorOf({ company: "x".repeat(101) }, "company")).toBe(M.companyTooLong);
  });

  it("remarks take at most 500 characters", () => {
    expect(errorOf({ remarks: "x".repeat(500) }, "remarks")).toBeUndefined();
    expect(errorOf({ remarks: "x".repeat(501) }, "remarks")).toBe(M.remarksTooLong);
  });

  it("source, major program and specific program are required", () => {
    expect(errorOf({ source: "" }, "source")).toBe(M.sourceRequired);
    expect(errorOf({ source: "Newspaper" }, "source")).toBe(M.sourceRequired);
    expect(errorOf({ major_program: "" }, "major_program")).toBe(M.majorRequired);
    expect(errorOf({ specific_program: "" }, "specific_program")).toBe(M.specificRequired);
    for (const source of [
      "Online",
      "Walk-in",
      "Advertisement",
      "Reference (Internal)",
      "Reference (External)",
      "Others",
    ]) {
      expect(errorOf({ source }, "source"), source).toBeUndefined();
    }
  });

  it("the specific program must belong to the major program", () => {
    expect(
      errorOf({ major_program: "After-school Care", specific_program: "Koala Seniors" }, "specific_program"),
    ).toBeUndefined();
    expect(errorOf({ major_program: "Pre-school", specific_program: "CRECHE" }, "specific_program")).toBe(
      M.specificMismatch,
    );
    expect(errorOf({ major_program: "Boarding", specific_program: "CRECHE" }, "major_program")).toBe(M.majorUnknown);
  });

  it("gender is Male, Female or Other when given", () => {
    expect(errorOf({ gender: "" }, "gender")).toBeUndefined();
    expect(errorOf({ gender: "Female" }, "gender")).toBeUndefined();
    expect(errorOf({ gender: "F" }, "gender")).toBe(M.genderInvalid);
  });

  it("Lost requires a reason for closure", () => {
    expect(errorOf({ status: "Lost" }, "reason_for_closure")).toBe(M.reasonRequired);
    expect(errorOf({ status: "Lost", reason_for_closure: "  " }, "reason_for_closure")).toBe(M.reasonRequired);
    expect(
      errorOf({ status: "Lost", reason_for_closure: "Chose a centre nearer home" }, "reason_for_closure"),
    ).toBeUndefined();
    expect(errorOf({ status: "Closed" }, "reason_for_closure")).toBeUndefined();
  });

  it("date, follow-up and Lost-reason errors come while other fields are still empty (errors on blur)", () => {
    const empty = {
      child_name: "",
      parent_name: "",
      mobile_number: "",
      source: "",
      major_program: "",
      specific_program: "",
    };
    const result = schema.safeParse({
      ...empty,
      child_dob: "2030-01-01",
      status: "Lost",
      follow_up_flag: true,
      follow_up_date: "2026-11-01",
    });
    const errors = result.success ? {} : fieldErrors(result.error);
    expect(errors.child_dob).toBe(M.dobFuture);
    expect(errors.follow_up_date).toBe(M.followUpPast);
    expect(errors.reason_for_closure).toBe(M.reasonRequired);
    expect(errors.child_name).toBe(M.childName.required);
    expect(errors.major_program).toBe(M.majorRequired);
    expect(errors.specific_program).toBe(M.specificRequired);
    // An unfinished date gets the date message only, not an age rule too.
    expect(errorOf({ child_dob: "invalid" }, "child_dob")).toBe(M.dateInvalid);
  });

  it("without today, the date rules that need it wait (the server applies them with the centre's date)", () => {
    const loose = enquirySchema();
    expect(
      errorOf({ child_dob: "2030-01-01", status: "Follow-up", follow_up_date: "2001-01-01" }, "child_dob", loose),
    ).toBeUndefined();
    expect(errorOf({ status: "Follow-up" }, "follow_up_date", loose)).toBe(M.followUpRequired);
  });

  it("parsing its own output again gives the same output (the server parses twice)", () => {
    const once = schema.parse({
      ...valid,
      mobile_number: "+91 98765 43210",
      email: "A@B.in",
      service_hours: "6",
      status: "Follow-up",
      follow_up_date: today,
    });
    expect(schema.parse(once)).toEqual(once);
  });
});

describe("final admission form rules", () => {
  const admission = admissionSchema({ today });
  const ok = {
    child: { firstName: "Aarav", lastName: "Sharma", dateOfBirth: "2023-04-02", gender: "Male" },
    parents: [
      {
        firstName: "Rahul",
        lastName: "Sharma",
        relation: "Father",
        phone: "+91 98765 43210",
        email: "rahul@example.in",
      },
      { firstName: "", lastName: "", relation: "Mother", phone: "", email: "" },
      { firstName: "", lastName: "", relation: "Guardian", phone: "", email: "" },
    ],
    classroomId: "6f1f0c8e-0b7e-4c39-9d3a-6a2f7e0c1d11",
    probableJoiningDate: "2026-12-01",
  };
  const errors = (patch: Partial<typeof ok>) => {
    const result = admission.safeParse({ ...ok, ...patch });
    return result.success ? {} : fieldErrors(result.error);
  };

  it("accepts the form and drops empty parent rows", () => {
    const parsed = admission.parse(ok);
    expect(parsed.parents).toHaveLength(1);
    expect(parsed.parents[0]).toMatchObject({ phone: "+919876543210", isPrimary: true, relation: "Father" });
  });

  it("requires the child's first name, date of birth and gender, the first parent's name and phone and the classroom", () => {
    expect(errors({ child: { ...ok.child, firstName: "", dateOfBirth: "", gender: "" } })).toMatchObject({
      "child.firstName": "Child first name is required",
      "child.dateOfBirth": "Date of birth is required",
      "child.gender": "Gender is required",
    });
    expect(errors({ parents: [{ ...ok.parents[0]!, firstName: "", phone: "" }] })).toMatchObject({
      "parents.0.firstName": "Parent first name is required",
      "parents.0.phone": "Parent phone is required",
    });
    expect(errors({ classroomId: "" })).toMatchObject({ classroomId: "Please choose a classroom" });
  });

  it("a filled second row needs a first name and a valid phone when one is given", () => {
    expect(
      errors({
        parents: [ok.parents[0]!, { firstName: "", lastName: "Sharma", relation: "Mother", phone: "12345", email: "" }],
      }),
    ).toMatchObject({
      "parents.1.firstName": "Parent first name is required",
      "parents.1.phone": M.mobileInvalid,
    });
  });

  it("refuses a date of birth in the future and one e-mail for two parents", () => {
    expect(errors({ child: { ...ok.child, dateOfBirth: "2026-11-21" } })).toMatchObject({
      "child.dateOfBirth": M.dobFuture,
    });
    expect(
      errors({
        parents: [
          ok.parents[0]!,
          { firstName: "Pooja", lastName: "Sharma", relation: "Mother", phone: "", email: "RAHUL@example.in" },
        ],
      }),
    ).toMatchObject({ "parents.1.email": "The same e-mail address is given for two parents" });
  });
});

describe("the schema's types (checked by the type check)", () => {
  it("takes the form's text as its input and answers the parsed payload, so the form needs no cast", () => {
    expectTypeOf<EnquiryFormValues>().toExtend<EnquiryInput>();
    expectTypeOf<EnquiryInput>().toHaveProperty("child_dob").toEqualTypeOf<string | null | undefined>();
    expectTypeOf<EnquiryPayload["service_hours"]>().toEqualTypeOf<number | null>();
    expectTypeOf<EnquiryPayload["follow_up_flag"]>().toEqualTypeOf<boolean>();
  });
});
