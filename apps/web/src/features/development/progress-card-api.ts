import {
  type ACKNOWLEDGEMENT_FILTERS,
  acknowledgementAnswer,
  acknowledgementsPage,
  type CARD_SHADES,
  cardList,
  developmentProgress,
  distribution,
  type ParentPageInput,
  parentPageAnswer,
  progressCard,
} from "@sprout/shared/schemas/development/progress-card";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, apiDownload, saveDownload } from "../../api/client";
import { useSay } from "../../i18n/useSay";

const CARDS = ["progress-cards"] as const;

/** A child's published progress cards, newest term first. */
export const useChildCards = (childId: string | null) =>
  useQuery({
    queryKey: [...CARDS, "child", childId],
    queryFn: () => api.get(`/children/${childId}/progress-cards`, cardList),
    enabled: Boolean(childId),
  });

/** One published card. */
export const useProgressCard = (assessmentId: string) =>
  useQuery({
    queryKey: [...CARDS, "card", assessmentId],
    queryFn: () => api.get(`/progress-cards/${assessmentId}`, progressCard),
  });

/** Saves the parent's page; the card is read again. */
export function useSaveParentPage(assessmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ParentPageInput) =>
      api.put(`/progress-cards/${assessmentId}/parent-page`, body, parentPageAnswer),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...CARDS, "card", assessmentId] }),
  });
}

/** "I have read this card": the current version's acknowledgement. */
export function useAcknowledge(assessmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(`/progress-cards/${assessmentId}/acknowledge`, undefined, acknowledgementAnswer),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CARDS }),
  });
}

/** Downloads the card's PDF in colour or for grey printing. */
export async function downloadCardPdf(assessmentId: string, shade: (typeof CARD_SHADES)[number]) {
  const file = await apiDownload(`/progress-cards/${assessmentId}/pdf`, { query: { shade } });
  saveDownload(file, `progress-card-${shade}.pdf`);
}

/** A card photo as an object URL (an <img src> would carry no session). */
export const useCardPhoto = (assessmentId: string, itemId: string) =>
  useQuery({
    queryKey: [...CARDS, "photo", assessmentId, itemId],
    queryFn: async () =>
      URL.createObjectURL((await apiDownload(`/progress-cards/${assessmentId}/photos/${itemId}`)).blob),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** A child's levels across the published terms. */
export const useDevelopmentProgress = (childId: string) =>
  useQuery({
    queryKey: ["development-progress", childId],
    queryFn: () => api.get(`/children/${childId}/development-progress`, developmentProgress),
  });

/** A term's distribution of levels, for one classroom or all the caller reads. */
export const useDistribution = (termId: string, classroomId: string) =>
  useQuery({
    queryKey: ["development-distribution", termId, classroomId],
    queryFn: () =>
      api.get(`/development/terms/${termId}/distribution`, distribution, {
        query: classroomId ? { classroom_id: classroomId } : {},
      }),
  });

/** Who has acknowledged the term's cards, those who have not first. */
export const useAcknowledgements = (
  termId: string,
  query: { classroom_id?: string; state: (typeof ACKNOWLEDGEMENT_FILTERS)[number]; page: number; limit: number },
) =>
  useQuery({
    queryKey: ["development-acknowledgements", termId, query],
    queryFn: () =>
      api.get(`/development/terms/${termId}/acknowledgements`, acknowledgementsPage, {
        query: Object.fromEntries(
          Object.entries(query)
            .filter(([, value]) => value !== undefined && value !== "")
            .map(([key, value]) => [key, String(value)]),
        ),
      }),
  });

/** The parent home's tile: the latest card and whether it is read; none until a card is published. */
export function useProgressCardTile(childId: string): { line: string; to: string } | null {
  const say = useSay();
  const cards = useChildCards(childId);
  const latest = cards.data?.items[0];
  if (!latest) return null;
  return {
    line: say("development.cards.tileLine", {
      term: latest.term.name,
      state: say(latest.acknowledged ? "development.cards.tileRead" : "development.cards.tileNew"),
    }),
    to: `/progress-cards/${latest.assessment_id}`,
  };
}
