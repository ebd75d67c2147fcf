import type { Page } from "playwright-core";

/** A GET of the API with the page's own session (to choose the journey's child, never to take its steps). */
export function apiGet<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (path) => {
    const response = await fetch(path, {
      headers: {
        Authorization: `Bearer ${localStorage.getItem("token")}`,
        "X-Session-Token": localStorage.getItem("sessionToken") ?? "",
      },
    });
    return response.json();
  }, path);
}

export interface BandedChild {
  id: string;
  first_name: string;
  last_name: string;
  /** The framework's age band the child is in today, e.g. "4-5 years". */
  band: string;
}

/**
 * The first of `candidates` (by default the children of the signed-in teacher's rooms) whose age
 * today is in one of the framework's age bands. A child outside the teacher's rooms answers 404
 * and is passed over.
 */
export async function childWithAgeBand(
  page: Page,
  candidates?: readonly { id: string; first_name: string; last_name: string }[],
): Promise<BandedChild> {
  const children =
    candidates ??
    (await apiGet<{ id: string; first_name: string; last_name: string }[]>(
      page,
      "/api/students?status=enrolled&limit=20",
    ));
  for (const child of children) {
    const answer = await apiGet<{ age_band?: { label: string } | null }>(
      page,
      `/api/development/competencies?child_id=${child.id}&limit=1`,
    );
    if (answer.age_band) return { ...child, band: answer.age_band.label };
  }
  throw new Error("no child of the teacher's rooms is 3 to 6 years old");
}
