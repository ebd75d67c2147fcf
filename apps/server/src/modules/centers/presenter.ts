import type { Center } from "@sprout/shared/schemas/centers";

/** A centre as read, its owners as one JSON list. */
export type CenterRow = Omit<Center, "owner_ids" | "owner_names"> & { owners: { id: string; name: string }[] };

/** A centre with its owners' ids and names side by side, as the centre form edits them. */
export const toCenter = ({ owners, ...row }: CenterRow): Center => ({
  ...row,
  owner_ids: owners.map((owner) => owner.id),
  owner_names: owners.map((owner) => owner.name),
});
