import type { MessageId } from "@sprout/shared/i18n/catalogues";
import { RELATION_LABEL_IDS } from "@sprout/shared/schemas/admissions";
import { useCallback } from "react";
import { useSay } from "./useSay";

/**
 * A relation as the reader says it: one chosen from the list ("Mother") from the catalogue, one a
 * person typed ("Nani") as typed.
 */
export function useRelation(): (relation: string) => string {
  const say = useSay();
  return useCallback(
    (relation) => {
      const id = (RELATION_LABEL_IDS as Record<string, MessageId | undefined>)[relation];
      return id ? say(id) : relation;
    },
    [say],
  );
}
