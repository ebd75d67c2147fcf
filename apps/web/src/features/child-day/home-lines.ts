import type { ChildUpdateEvent } from "@sprout/shared/realtime/events";
import { type Assignment, assignmentsPage } from "@sprout/shared/schemas/assignments";
import { invoicesResponse } from "@sprout/shared/schemas/billing";
import { portfolioPage } from "@sprout/shared/schemas/digital-portfolio";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { useIntl } from "react-intl";
import { api } from "../../api/client";
import { centreDate, formatDate } from "../../format";
import { useRealtimeEvent } from "../../realtime/RealtimeProvider";
import { useUnreadCounts } from "../communication/api";
import { useParentIncidents } from "../incidents/api";
import { centreToday } from "./api";

/**
 * The one-line facts of the tiles whose areas live elsewhere (media, messages, billing, incidents,
 * assignments), read through the calls a parent may already make. A line that cannot be known
 * (still loading, or the call failed) is `null`: the tile then shows no line rather than filler.
 */

const KEY = ["child-day", "home-lines"] as const;

/** How many photos and videos of the child were added today (the newest page is enough to tell). */
const MEDIA_PAGE = 12;
export function useMediaLine(childId: string): string | null {
  // A photo of the child added or removed: the family's own event, refetched through the API.
  const queryClient = useQueryClient();
  const refetch = useCallback(
    (event: ChildUpdateEvent) => {
      if (event.kind === "portfolio" && event.child_id === childId)
        void queryClient.invalidateQueries({ queryKey: [...KEY, "media", childId] });
    },
    [queryClient, childId],
  );
  useRealtimeEvent("child-update", refetch);
  const intl = useIntl();
  const media = useQuery({
    queryKey: [...KEY, "media", childId],
    queryFn: ({ signal }) =>
      api.get(`/digital-portfolio/child/${childId}`, portfolioPage, {
        signal,
        query: { page: 1, limit: MEDIA_PAGE, sortBy: "created_at", sortOrder: "desc" },
      }),
  });
  // Worked out once per answer: the tiles render again each time another of their calls answers.
  return useMemo(() => {
    if (!media.data) return null;
    const today = centreToday();
    const added = media.data.items.filter((item) => centreDate(item.created_at) === today).length;
    const more = added === MEDIA_PAGE && media.data.total > MEDIA_PAGE;
    if (added > 0)
      return intl.formatMessage({ id: more ? "homeLines.mediaTodayMore" : "homeLines.mediaToday" }, { count: added });
    const latest = media.data.items[0];
    return latest
      ? intl.formatMessage({ id: "homeLines.mediaLatest" }, { date: formatDate(latest.created_at) })
      : intl.formatMessage({ id: "homeLines.noPhotos" });
  }, [media.data, intl]);
}

export function useMessagesLine(): string | null {
  const unread = useUnreadCounts();
  const intl = useIntl();
  if (!unread.data) return null;
  return unread.data.messages > 0
    ? intl.formatMessage({ id: "homeLines.unread" }, { count: unread.data.messages })
    : intl.formatMessage({ id: "homeLines.noUnread" });
}

/** Overdue invoices first, then what is still to pay. */
export function useBillingLine(childId: string): string | null {
  const open = (status: "Overdue" | "Pending") =>
    ({
      queryKey: [...KEY, "invoices", childId, status],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api.get("/invoices", invoicesResponse, { signal, query: { child_id: childId, status, limit: 5 } }),
    }) as const;
  const intl = useIntl();
  const overdue = useQuery(open("Overdue"));
  const pending = useQuery(open("Pending"));
  if (!overdue.data || !pending.data) return null;
  const late = overdue.data.pagination.total_items;
  if (late > 0) return intl.formatMessage({ id: "homeLines.overdue" }, { count: late });
  const due = pending.data.pagination.total_items;
  if (due === 0) return intl.formatMessage({ id: "homeLines.nothingToPay" });
  const soonest = [...pending.data.invoices].sort((a, b) => a.due_date.localeCompare(b.due_date))[0];
  return due === 1 && soonest
    ? intl.formatMessage({ id: "homeLines.dueOn" }, { date: formatDate(soonest.due_date) })
    : intl.formatMessage({ id: "homeLines.toPay" }, { count: due });
}

/** Reports about this child the parent has not yet acknowledged, else the latest one's date. */
export function useIncidentsLine(childId: string): string | null {
  const reports = useParentIncidents(1);
  const intl = useIntl();
  if (!reports.data) return null;
  const about = reports.data.incidents.filter((report) => report.children.some((child) => child.id === childId));
  const unread = about.filter((report) => report.acknowledged_at === null).length;
  if (unread > 0) return intl.formatMessage({ id: "homeLines.toAcknowledge" }, { count: unread });
  if (about[0])
    return intl.formatMessage({ id: "homeLines.lastIncident" }, { date: formatDate(about[0].incident_date) });
  // Only a whole list can say there is none.
  return reports.data.pagination.total_pages <= 1 ? intl.formatMessage({ id: "homeLines.noIncidents" }) : null;
}

/** Assignments of the child's classroom due today or later and not yet handed in (newest page). */
export function useDueAssignments(childId: string): { due: Assignment[] | null; failed: boolean } {
  const list = useQuery({
    queryKey: ["assignments", "parent-due"],
    queryFn: ({ signal }) => api.get("/assignments", assignmentsPage, { signal, query: { page: 1, limit: 50 } }),
  });
  if (!list.data) return { due: null, failed: list.isError };
  const today = centreToday();
  const due = list.data.assignments
    .filter((assignment) => assignment.due_date !== null && assignment.due_date >= today)
    .filter((assignment) =>
      assignment.my_children?.some((child) => child.child_id === childId && child.submission === null),
    )
    .sort((a, b) => (a.due_date ?? "").localeCompare(b.due_date ?? ""));
  return { due, failed: false };
}
