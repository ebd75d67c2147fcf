import { documentItem, documentsResponse } from "@sprout/shared/schemas/documents";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api, apiDownload } from "../../api/client";
import type { PageQuery } from "../../components/PagedTable/usePaging";

/** A page of documents, newest first, searched on the server. */
export const useDocuments = (query: PageQuery) =>
  useQuery({
    queryKey: ["documents", query],
    queryFn: () => api.get("/documents", documentsResponse, { query }),
    placeholderData: keepPreviousData,
  });

export function useDocumentMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: ["documents"] });
  return {
    upload: useMutation({
      mutationFn: (form: FormData) => api.post("/documents/upload", form, documentItem),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api.delete(`/documents/${id}`, z.object({ message: z.string() })),
      onSuccess,
    }),
  };
}

/** Fetches the file with the session's headers and opens it in a new tab (a plain link has no token). */
export async function openDocument(id: string, target: Window | null) {
  const { blob } = await apiDownload(`/documents/${id}/file`);
  const url = URL.createObjectURL(blob);
  if (target) target.location.href = url;
  else window.open(url, "_blank", "noopener");
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
