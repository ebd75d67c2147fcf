import type { AccountsExportQuery } from "@sprout/shared/schemas/fee-collection/accounts-export";
import { type CollectionSettingsInput, collectionSettings } from "@sprout/shared/schemas/fee-collection/settings";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, apiDownload, saveDownload } from "../../api/client";
import { showAnswer } from "../../api/queryClient";

const SETTINGS_KEY = ["collection-settings"] as const;

/** A centre's collection and tax details (defaults when never set). */
export const useCollectionSettings = (centerId: string | null) =>
  useQuery({
    queryKey: [...SETTINGS_KEY, centerId],
    queryFn: () => api.get(`/centers/${centerId}/collection-settings`, collectionSettings),
    enabled: Boolean(centerId),
  });

export function useSaveCollectionSettings(centerId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CollectionSettingsInput) =>
      api.put(`/centers/${centerId}/collection-settings`, body, collectionSettings),
    onSuccess: (saved) => showAnswer(queryClient, [...SETTINGS_KEY, saved.center_id], saved),
  });
}

/** Downloads the accountant's export (written by the server as it downloads). */
export async function downloadAccountsExport(query: AccountsExportQuery) {
  const file = await apiDownload("/accounts/export", { query: query as Record<string, string> });
  saveDownload(file, `accounts_${query.from}_${query.to}.${query.format ?? "xlsx"}`);
}
