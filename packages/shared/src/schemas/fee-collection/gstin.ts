/*
 * The GST identification number (GSTIN), 15 characters:
 *   1-2   the state code of the registration (census codes 01-38; 97 "Other Territory")
 *   3-12  the holder's PAN: 5 letters (the 4th says what kind of holder), 4 digits, 1 letter
 *   13    the registration's number within the state for that PAN: 1-9, then A-Z
 *   14    'Z' for every ordinary registration
 *   15    a check character over the first 14 (Luhn mod 36)
 * Pure: the settings form and the server check the same way.
 */

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/**
 * GST state codes in use: 01 Jammu and Kashmir ... 37 Andhra Pradesh (new), 38 Ladakh, and 97 for
 * the "Other Territory". 99 (Centre Jurisdiction) belongs to registrations no centre holds (UN
 * bodies, foreign online services), so a centre's GSTIN with it is refused. 25 (Daman and Diu,
 * merged into 26 in 2020) stays: registrations made before the merger kept their numbers.
 */
export function isGstStateCode(code: string): boolean {
  if (!/^\d{2}$/.test(code)) return false;
  const number = Number(code);
  return (number >= 1 && number <= 38) || number === 97;
}

/** PAN holder kinds (4th letter): company, person, HUF, firm, AOP, trust, BOI, local authority, juridical, government. */
const PAN_HOLDER = "CPHFATBLJG";

/** The check character of a GSTIN's first 14 characters (Luhn mod 36), or null when they are not 0-9/A-Z. */
export function gstinCheckCharacter(first14: string): string | null {
  if (!/^[0-9A-Z]{14}$/.test(first14)) return null;
  let sum = 0;
  for (let index = 0; index < 14; index++) {
    // Factors alternate 1, 2, 1, ... from the left; each product adds its base-36 digits.
    const product = ALPHABET.indexOf(first14[index]!) * (index % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return ALPHABET[(36 - (sum % 36)) % 36]!;
}

export type GstinProblem =
  | { kind: "length" }
  | { kind: "shape" }
  | { kind: "state"; state: string }
  | { kind: "check"; expected: string };

/** Upper case, spaces removed: how a GSTIN is kept and compared. */
export const normaliseGstin = (value: string) => value.replace(/\s+/g, "").toUpperCase();

/** What is wrong with a GSTIN (already normalised), or null when it is valid. */
export function gstinProblem(gstin: string): GstinProblem | null {
  if (gstin.length !== 15) return { kind: "length" };
  const shape = new RegExp(`^\\d{2}[A-Z]{3}[${PAN_HOLDER}][A-Z]\\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$`);
  if (!shape.test(gstin)) return { kind: "shape" };
  if (!isGstStateCode(gstin.slice(0, 2))) return { kind: "state", state: gstin.slice(0, 2) };
  const expected = gstinCheckCharacter(gstin.slice(0, 14))!;
  if (gstin[14] !== expected) return { kind: "check", expected };
  return null;
}

/** GST state and union-territory names by code, as the GST portal lists them (place of supply). */
export const GST_STATES: Readonly<Record<string, string>> = {
  "01": "Jammu and Kashmir",
  "02": "Himachal Pradesh",
  "03": "Punjab",
  "04": "Chandigarh",
  "05": "Uttarakhand",
  "06": "Haryana",
  "07": "Delhi",
  "08": "Rajasthan",
  "09": "Uttar Pradesh",
  "10": "Bihar",
  "11": "Sikkim",
  "12": "Arunachal Pradesh",
  "13": "Nagaland",
  "14": "Manipur",
  "15": "Mizoram",
  "16": "Tripura",
  "17": "Meghalaya",
  "18": "Assam",
  "19": "West Bengal",
  "20": "Jharkhand",
  "21": "Odisha",
  "22": "Chhattisgarh",
  "23": "Madhya Pradesh",
  "24": "Gujarat",
  "25": "Daman and Diu",
  "26": "Dadra and Nagar Haveli and Daman and Diu",
  "27": "Maharashtra",
  "28": "Andhra Pradesh (old)",
  "29": "Karnataka",
  "30": "Goa",
  "31": "Lakshadweep",
  "32": "Kerala",
  "33": "Tamil Nadu",
  "34": "Puducherry",
  "35": "Andaman and Nicobar Islands",
  "36": "Telangana",
  "37": "Andhra Pradesh",
  "38": "Ladakh",
  "97": "Other Territory",
};

/** "29-Karnataka", the way Tally and the GST returns name a place of supply; the code alone when unknown. */
export const placeOfSupplyName = (code: string | null) =>
  code ? (GST_STATES[code] ? `${code}-${GST_STATES[code]}` : code) : "";
