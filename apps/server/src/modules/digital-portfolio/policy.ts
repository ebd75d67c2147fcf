import { isFamily, may } from "../../auth/access.ts";
import type { Caller } from "../../auth/caller.ts";

/**
 * Every "may this caller" decision of the digital portfolio (spec 1 §6: only teachers add photos
 * and toggle favourites; admin, owner and super admin see the centre-wide view; parents read).
 */

/** The uploader (a teacher) and the centre's leaders may delete an item; parents may not. */
export const mayDelete = (caller: Caller, item: { uploadedBy: string | null }) =>
  may(caller, "portfolio.deleteAny") || (may(caller, "portfolio.delete") && item.uploadedBy === caller.userId);

export const seesWholeCentre = (caller: Caller) => may(caller, "portfolio.readCentre");
/** Who opens the gallery at all: the centre-wide viewers, teachers (their rooms) and parents (their own). */
export const seesPhotos = (caller: Caller) => may(caller, "portfolio.read");
export const mayUpload = (caller: Caller) => may(caller, "portfolio.add");
export const mayMarkFavourite = (caller: Caller) => may(caller, "portfolio.add");
export const maySetConsent = (caller: Caller) => may(caller, "portfolio.consent");
/** Staff views of a child's photo are written to the access log; a family's own are not. */
export const viewIsLogged = (caller: Caller) => !isFamily(caller);

type Consent = "none" | "own" | "group" | null;

/**
 * Whether one child's consent lets a photo be shown: none (or never given) hides every photo of
 * the child; "own" allows photos of the child alone; a group photo needs "group".
 */
export const consentAllows = (consent: Consent, isGroup: boolean) =>
  consent === "group" || (consent === "own" && !isGroup);
