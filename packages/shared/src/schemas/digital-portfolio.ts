import { z } from "zod";
import { english } from "../i18n/english.ts";
import { safeString } from "./primitives.ts";

/**
 * Digital portfolio (spec 1 "Digital portfolio behaviour", spec 3 "/admin/portfolios"; issue 15):
 * teachers add photos and short clips of a child, parents read their own child's, leaders read
 * the centre's with its statistics. Photo consent (beyond the spec) is set by the child's parent.
 */

export const PORTFOLIO_MESSAGES = {
  loadFailed: english("digitalPortfolio.loadFailed"),
  /** The centre statistics (admin dashboard, spec 3). */
  statsFailed: english("digitalPortfolio.statsFailed"),
  noChild: english("digitalPortfolio.noChild"),
  empty: english("digitalPortfolio.empty"),
  uploadFailed: english("digitalPortfolio.uploadFailed"),
  uploadFailedStatus: (status: string) => english("digitalPortfolio.uploadFailedStatus", { status }),
  batchFailedStatus: (status: string) => english("digitalPortfolio.batchFailedStatus", { status }),
  noFile: english("digitalPortfolio.noFile"),
  tooManyFiles: english("digitalPortfolio.tooManyFiles"),
  fileType: english("digitalPortfolio.fileType"),
  unreadable: english("digitalPortfolio.unreadable"),
  imageTooLarge: english("digitalPortfolio.imageTooLarge"),
  videoTooLarge: english("digitalPortfolio.videoTooLarge"),
  childRequired: english("digitalPortfolio.childRequired"),
  noConsent: (name: string) => english("digitalPortfolio.noConsent", { name }),
  noGroupConsent: (name: string) => english("digitalPortfolio.noGroupConsent", { name }),
  consentSaved: english("digitalPortfolio.consentSaved"),
  consentFailed: english("digitalPortfolio.consentFailed"),
  deleteFailed: english("digitalPortfolio.deleteFailed"),
  deleteConfirm: (title: string) => english("digitalPortfolio.deleteConfirm", { title }),
} as const;

export const PORTFOLIO_PAGE_SIZE = 12;
export const PORTFOLIO_BATCH_MAX = 10;
export const CAMERA_MAX_PHOTOS = 10;
export const PORTFOLIO_IMAGE_MAX_BYTES = 15 * 1024 * 1024;
export const PORTFOLIO_VIDEO_MAX_BYTES = 50 * 1024 * 1024;
/** Top lists of the admin dashboard and the days of its activity chart (spec 3 constants). */
export const PORTFOLIO_TOP = 5;
export const PORTFOLIO_ACTIVITY_DAYS = 7;

/* ---------- Photo consent ---------- */

export const PHOTO_CONSENTS = ["none", "own", "group"] as const;
export type PhotoConsent = (typeof PHOTO_CONSENTS)[number];
export const PHOTO_CONSENT_LABELS: Record<PhotoConsent, string> = {
  none: "No photos",
  own: "Photos in my child's own portfolio only",
  group: "Photos, including group photos with other children",
};

export const consentInput = z.object({
  consent: z.enum(PHOTO_CONSENTS, { error: "Please choose a photo consent" }),
});
export type ConsentInput = z.input<typeof consentInput>;

export const childParams = z.object({ childId: z.uuid() });
export const itemParams = z.object({ id: z.uuid() });

export const childConsent = z.object({
  child_id: z.uuid(),
  child_name: z.string(),
  class_name: z.string().nullable(),
  consent: z.enum(PHOTO_CONSENTS),
});
export type ChildConsent = z.infer<typeof childConsent>;

export const portfolioChildrenQuery = z.object({
  search: safeString().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(100),
});
export const portfolioChildren = z.object({ children: z.array(childConsent) });

/* ---------- Uploads ---------- */

export const CAPTURE_METHODS = ["upload", "camera"] as const;

/** What the browser knew when the photo was taken or picked; stored as given, shown to staff. */
export const captureMetadata = z
  .object({
    timestamp: safeString().max(40).optional(),
    width: z.number().int().min(0).max(20000).optional(),
    height: z.number().int().min(0).max(20000).optional(),
    device: safeString().max(200).optional(),
    edited: z.boolean().optional(),
  })
  .strict();

const metadataField = safeString()
  .max(2000)
  .transform((text, context) => {
    try {
      const parsed = captureMetadata.safeParse(JSON.parse(text));
      if (parsed.success) return parsed.data;
    } catch {
      // falls through to the issue below
    }
    context.addIssue({ code: "custom", message: "Capture metadata must be a JSON object" });
    return z.NEVER;
  });

/** The text fields of an upload (the files travel beside them). */
export const uploadFields = z.object({
  childId: z.uuid({ error: PORTFOLIO_MESSAGES.childRequired }),
  /** Further children in a group photo, comma separated. */
  taggedChildIds: safeString()
    .default("")
    .transform((text) => [
      ...new Set(
        text
          .split(",")
          .map((id) => id.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(z.uuid()).max(30)),
  title: safeString().trim().max(200).default(""),
  description: safeString().trim().max(2000).default(""),
  captureMethod: z.enum(CAPTURE_METHODS).default("upload"),
  captureMetadata: metadataField.optional(),
});
export type UploadFields = z.output<typeof uploadFields>;
/** Per-file metadata of a batch: captureMetadata[0], captureMetadata[1], ... */
export const batchMetadataField = metadataField;
/**
 * Per-file capture method of a batch: captureMethod[0], captureMethod[1], ... (a batch can mix
 * camera shots and gallery files); a file without one takes the form's captureMethod.
 */
export const batchCaptureMethodField = z.enum(CAPTURE_METHODS, { error: "Capture method must be upload or camera" });

/* ---------- Items, lists and statistics ---------- */

export const MEDIA_TYPES = ["image", "video"] as const;
export const SORT_FIELDS = ["created_at", "title", "is_favorite"] as const;

export const portfolioQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(48).default(PORTFOLIO_PAGE_SIZE),
  type: z.enum(MEDIA_TYPES).optional(),
  favorite: z.enum(["true", "false"]).optional(),
  sortBy: z.enum(SORT_FIELDS).default("created_at"),
  sortOrder: z.enum(["asc", "desc"]).default("desc"),
});
export const centerQuery = portfolioQuery.extend({
  childId: z.uuid().optional(),
  uploadedBy: z.uuid().optional(),
});

export const portfolioItem = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  file_name: z.string(),
  file_url: z.string(),
  thumbnail_url: z.string().nullable(),
  media_type: z.enum(MEDIA_TYPES),
  is_favorite: z.boolean(),
  upload_date: z.string(),
  created_at: z.string(),
  capture_method: z.enum(CAPTURE_METHODS),
  child_id: z.uuid(),
  child_name: z.string(),
  class_name: z.string().nullable(),
  uploaded_by_name: z.string().nullable(),
  /** Names of the other children in a group photo. */
  tagged_children: z.array(z.string()),
  /** Staff only: size on disk and what the device reported. */
  size_bytes: z.number().int().optional(),
  capture_metadata: captureMetadata.nullable().optional(),
  /** Whether the caller may delete the item (its uploader, or a leader of the centre). */
  can_delete: z.boolean().optional(),
});
export type PortfolioItem = z.infer<typeof portfolioItem>;

export const portfolioPage = z.object({
  items: z.array(portfolioItem),
  totalPages: z.number().int(),
  total: z.number().int(),
  page: z.number().int(),
});
export type PortfolioPage = z.infer<typeof portfolioPage>;

export const uploadAnswer = z.object({ items: z.array(portfolioItem) });

/**
 * Where to download an item's file: a short-lived signed address on object storage, or null when
 * the file streams through `/file?download=1` (the disk store).
 */
export const downloadLink = z.object({ url: z.string().nullable(), expires_at: z.string().nullable() });
export type DownloadLink = z.infer<typeof downloadLink>;
/** How long a signed download address stays valid. */
export const SIGNED_URL_SECONDS = 300;

export const favoriteInput = z.object({ is_favorite: z.boolean({ error: "is_favorite must be true or false" }) });

export const childStats = z.object({
  total_items: z.number().int(),
  favorites: z.number().int(),
  images: z.number().int(),
  videos: z.number().int(),
});
export type ChildStats = z.infer<typeof childStats>;

export const centerStats = z.object({
  overall: z.object({
    total_items: z.number().int(),
    images: z.number().int(),
    videos: z.number().int(),
    children_with_portfolios: z.number().int(),
    active_teachers: z.number().int(),
    favorites: z.number().int(),
    total_size: z.number().int(),
    first_upload: z.string().nullable(),
    latest_upload: z.string().nullable(),
  }),
  recentActivity: z.array(z.object({ upload_date: z.string(), items_count: z.number().int() })),
  topChildren: z.array(
    z.object({
      child_id: z.uuid(),
      child_name: z.string(),
      total_items: z.number().int(),
      favorites: z.number().int(),
    }),
  ),
  activeTeachers: z.array(
    z.object({
      teacher_id: z.uuid(),
      teacher_name: z.string(),
      total_uploads: z.number().int(),
      favorites_marked: z.number().int(),
      latest_upload: z.string().nullable(),
    }),
  ),
  /** Uploads per teacher for the bar chart (the busiest 10). */
  teacherUploads: z.array(
    z.object({ teacher_id: z.uuid(), teacher_name: z.string(), total_uploads: z.number().int() }),
  ),
});
export type CenterStats = z.infer<typeof centerStats>;

/** Storage in the spec's units: Bytes, KB, MB, GB. */
export function formatStorage(bytes: number): string {
  const units = ["Bytes", "KB", "MB", "GB"] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(2).replace(/\.?0+$/, "")} ${units[unit]}`;
}
