import type { MessageId } from "@sprout/shared/i18n/catalogues";
import type { ChildUpdateEvent } from "@sprout/shared/realtime/events";
import {
  centerStats,
  childConsent,
  childStats,
  downloadLink,
  type PhotoConsent,
  type PortfolioItem,
  portfolioChildren,
  portfolioItem,
  portfolioPage,
  uploadAnswer,
} from "@sprout/shared/schemas/digital-portfolio";
import { keepPreviousData, type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import { api, apiDownload, saveDownload } from "../../api/client";
import { readTokens } from "../../auth/session";
import type { Say } from "../../i18n/useSay";
import { useRealtimeEvent } from "../../realtime/RealtimeProvider";

const KEY = ["digital-portfolio"] as const;

/** The catalogue's words for each photo consent (the shared `PHOTO_CONSENT_LABELS` are their English). */
export const CONSENT_LABELS: Record<PhotoConsent, MessageId> = {
  none: "digitalPortfolio.consentNone",
  own: "digitalPortfolio.consentOwn",
  group: "digitalPortfolio.consentGroup",
};

export interface GalleryFilters {
  type: "" | "image" | "video";
  favorite: "" | "true" | "false";
  sortBy: "created_at" | "title" | "is_favorite";
  sortOrder: "asc" | "desc";
  childId?: string;
  uploadedBy?: string;
}

export const DEFAULT_FILTERS: GalleryFilters = { type: "", favorite: "", sortBy: "created_at", sortOrder: "desc" };

/**
 * A photo or clip of the child was added or removed (the family's own `child-update` event, which
 * names no item): the child's pages or figures refetch through the API. Only those: the files
 * already fetched stay cached.
 */
function useLiveChild(childId: string | null, what: "items" | "stats") {
  const queryClient = useQueryClient();
  const refetch = useCallback(
    (event: ChildUpdateEvent) => {
      if (!childId || event.kind !== "portfolio" || event.child_id !== childId) return;
      const queryKey = what === "items" ? [...KEY, "items", "child", childId] : [...KEY, "stats", childId];
      void queryClient.invalidateQueries({ queryKey });
    },
    [queryClient, childId, what],
  );
  useRealtimeEvent("child-update", refetch);
}

/** A child's portfolio, or the centre's when `childId` is null and the caller leads a centre. */
export function usePortfolio(scope: "child" | "centre", childId: string | null, filters: GalleryFilters, page: number) {
  useLiveChild(scope === "child" ? childId : null, "items");
  const path = scope === "child" ? `/digital-portfolio/child/${childId}` : "/digital-portfolio/center/all";
  return useQuery({
    queryKey: [...KEY, "items", scope, childId, filters, page],
    queryFn: ({ signal }) =>
      api.get(path, portfolioPage, {
        signal,
        query: {
          page,
          limit: 12,
          type: filters.type || undefined,
          favorite: filters.favorite || undefined,
          sortBy: filters.sortBy,
          sortOrder: filters.sortOrder,
          childId: scope === "centre" ? filters.childId || undefined : undefined,
          uploadedBy: scope === "centre" ? filters.uploadedBy || undefined : undefined,
        },
      }),
    enabled: scope === "centre" || Boolean(childId),
    placeholderData: keepPreviousData,
  });
}

export function usePortfolioChildren() {
  return useQuery({
    queryKey: [...KEY, "children"],
    queryFn: ({ signal }) => api.get("/digital-portfolio/children", portfolioChildren, { signal }),
  });
}

export function useChildStats(childId: string | null) {
  useLiveChild(childId, "stats");
  return useQuery({
    queryKey: [...KEY, "stats", childId],
    queryFn: ({ signal }) => api.get(`/digital-portfolio/stats/${childId}`, childStats, { signal }),
    enabled: Boolean(childId),
  });
}

export function useCentreStats() {
  return useQuery({
    queryKey: [...KEY, "centre-stats"],
    queryFn: ({ signal }) => api.get("/digital-portfolio/center/stats", centerStats, { signal }),
  });
}

export function usePortfolioMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: KEY });
  return {
    favourite: useMutation({
      mutationFn: ({ id, value }: { id: string; value: boolean }) =>
        api.patch(`/digital-portfolio/${id}/favorite`, { is_favorite: value }, portfolioItem),
      onSuccess,
    }),
    consent: useMutation({
      mutationFn: ({ childId, consent }: { childId: string; consent: PhotoConsent }) =>
        api.put(`/digital-portfolio/consent/${childId}`, { consent }, childConsent),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api.delete(`/digital-portfolio/${id}`),
      onSuccess,
    }),
    uploaded: onSuccess,
  };
}

/**
 * Saves an item's file: from its signed address when the files are on object storage (the
 * browser fetches it from there directly), else streamed through the server with the session.
 */
export async function downloadItem(item: PortfolioItem) {
  const link = await api.get(`/digital-portfolio/${item.id}/download-link`, downloadLink);
  if (!link.url)
    return saveDownload(await apiDownload(`/digital-portfolio/${item.id}/file?download=1`), item.file_name);
  const anchor = document.createElement("a");
  anchor.href = link.url;
  anchor.rel = "noopener";
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

const watched = new WeakSet<QueryClient>();

/**
 * A fetched file's object URL lives as long as its cache entry and is revoked when the entry is
 * dropped: revoking it when one tile unmounted broke every later tile (the gallery after the
 * dashboard's "All photos" dialog, a clip's poster after its viewer closed) that got the same
 * cached, already revoked, address.
 */
function revokeWhenDropped(client: QueryClient) {
  if (watched.has(client)) return;
  watched.add(client);
  client.getQueryCache().subscribe((event) => {
    const { queryKey, state } = event.query;
    if (event.type === "removed" && queryKey[1] === "media" && typeof state.data === "string")
      URL.revokeObjectURL(state.data);
  });
}

/** A file of an item, fetched with the session's headers (a plain <img src> would carry no token). */
export function useMediaUrl(url: string | null) {
  const client = useQueryClient();
  useEffect(() => revokeWhenDropped(client), [client]);
  return useQuery({
    queryKey: [...KEY, "media", url],
    queryFn: async () => URL.createObjectURL((await apiDownload(url!.replace(/^\/api/, ""))).blob),
    enabled: Boolean(url),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
  });
}

/**
 * Sends an upload with XMLHttpRequest, the one browser API that reports upload progress (fetch
 * does not), with the same session headers as every other call.
 */
export function uploadWithProgress(
  path: "/digital-portfolio/upload" | "/digital-portfolio/batch-upload",
  form: FormData,
  onProgress: (fraction: number) => void,
  say: Say,
) {
  return new Promise<ReturnType<typeof uploadAnswer.parse>>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", `/api${path}`);
    const { token, sessionToken, csrfToken } = readTokens();
    if (token) request.setRequestHeader("Authorization", `Bearer ${token}`);
    if (sessionToken) request.setRequestHeader("X-Session-Token", sessionToken);
    if (csrfToken) request.setRequestHeader("X-CSRF-Token", csrfToken);
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    const failed = (status: string) =>
      new Error(
        status
          ? path.endsWith("batch-upload")
            ? say("digitalPortfolio.batchFailedStatus", { status })
            : say("digitalPortfolio.uploadFailedStatus", { status })
          : say("digitalPortfolio.uploadFailed"),
      );
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        const parsed = uploadAnswer.safeParse(JSON.parse(request.responseText));
        return parsed.success ? resolve(parsed.data) : reject(failed(""));
      }
      let message = request.statusText;
      try {
        message = JSON.parse(request.responseText).error ?? message;
      } catch {
        // not JSON: the status text stands
      }
      reject(failed(message));
    };
    request.onerror = () => reject(failed(""));
    request.send(form);
  });
}
