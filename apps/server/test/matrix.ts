import type { Role } from "@sprout/shared/roles";
import type { demoIds } from "./demo-ids.ts";

/**
 * Every API route and a request that exercises it. Who may call it is not written here: the
 * matrix reads it from the route's action in the one access table (`@sprout/shared/access`) and
 * proves the server does what the table says. Adding a route without a row fails the suite.
 */
export interface Row {
  route: string;
  /** The URL to call when the route has parameters. */
  url?: string;
  /** The URL of each allowed role's call when each acts on its own record; `url` stays the example. */
  urlFor?: (role: Role) => string;
  payload?: unknown;
  /**
   * The body of each allowed role's call when every call creates its own record (a unique name or
   * e-mail); `payload` stays the example for the bad-input cases.
   */
  payloadFor?: (role: Role) => unknown;
  /** The call ends the caller's session: sign in afresh for it. */
  fresh?: boolean;
  /**
   * What an allowed caller (or, for a public route, anyone) gets with this url and payload: any
   * 2xx when not given; rows naming an unknown id state 404, rows sending a refused body 400.
   */
  status?: number;
  /**
   * The same route naming a real record of another centre (for parents, of another family):
   * every allowed role scoped to one centre or one family must get 404.
   */
  foreign?: string;
  /** The body of the foreign call, when the other centre is named in the body. */
  foreignPayload?: unknown;
  /**
   * For organisation-level records (owners, fee structures), which no centre scopes: the same
   * route naming another organisation's record, which must answer 404 to every allowed role.
   */
  stranger?: string;
  /** For parents: the same route naming another family's record of their own centre. */
  family?: string;
  /**
   * For teachers: the same route naming a record of another classroom of their own centre, when
   * the matrix cannot derive it from `foreign` (it swaps the other centre's child, classroom and
   * records for those of a room the demo teacher is not assigned to). A teacher must get 404.
   */
  otherRoom?: string;
  otherRoomPayload?: unknown;
  /** The multipart form of the other-room call, for upload rows. */
  otherRoomForm?: MultipartForm;
  /**
   * Why a teacher may act on another room of her centre through this route (an emergency
   * headcount): the derived other-room call must then succeed instead.
   */
  wholeCentre?: string;
  /**
   * Why a teacher reads another room's record through the centre's list but may not act on it
   * (a lesson plan: the centre's plans are read centre-wide, checked off by the room's teachers):
   * the derived other-room call must then answer 403.
   */
  otherRoomRefused?: string;
  /** The body is multipart (uploads): the bad-input cases send a malformed form. */
  multipart?: boolean;
  /**
   * A multipart form each allowed role's call (and the foreign call) sends, for upload rows that
   * must succeed; rows without it send no body.
   */
  form?: (role: Role) => MultipartForm;
}

export interface MultipartForm {
  fields?: Record<string, string>;
  files?: { field: string; name: string; content: Buffer }[];
}

/** The smallest well-formed PDF header: what the uploads sniff for. */
export const PDF = Buffer.from("%PDF-1.4\n%matrix\n");
/** A real 1×1 PNG, for uploads that re-encode images. */
export const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/** A multipart body with the boundary the matrix's calls declare ("sprout"). */
export function multipartBody(form: MultipartForm): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(form.fields ?? {}))
    parts.push(Buffer.from(`--sprout\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const file of form.files ?? [])
    parts.push(
      Buffer.from(
        `--sprout\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\n` +
          "Content-Type: application/octet-stream\r\n\r\n",
      ),
      file.content,
      Buffer.from("\r\n"),
    );
  parts.push(Buffer.from("--sprout--\r\n"));
  return Buffer.concat(parts);
}

export const UNKNOWN_ENQUIRY = "00000000-0000-4000-8000-0000000000e5";
export const NO_ID = "00000000-0000-4000-8000-000000000000";

/** What an area's rows may use: the demo's real ids of the home centre, another centre and family. */
export interface MatrixContext {
  ids: Awaited<ReturnType<typeof demoIds>>;
  /** A child of the home centre, for rows that create a record about a child. */
  homeStudent: string;
}

/**
 * An area's own rows of the matrix, kept in `test/permission-rows/<area>.ts` (default export)
 * so that areas built side by side do not edit one long table.
 */
export type AreaRows = (context: MatrixContext) => Row[];
