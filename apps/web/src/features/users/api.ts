import { ROLE_LABELS, type Role } from "@sprout/shared/roles";
import {
  type CreateUserRequest,
  centerOptionsResponse,
  rolesResponse,
  type UpdateUserRequest,
  userChangeResponse,
  userListResponse,
} from "@sprout/shared/schemas/users";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../api/client";
import type { PageQuery } from "../../components/PagedTable/usePaging";

/** The spec's default assignable roles, used until the server's list arrives. */
export const DEFAULT_ROLES: { value: Role; label: string }[] = (
  ["owner", "admin", "financial_manager", "center_director", "academic_coordinator", "teacher", "parent"] as const
).map((value) => ({ value, label: ROLE_LABELS[value] }));

/** A page of users searched on the server; `role` and `status` narrow it (the owner picker). */
export const useUsers = (query: PageQuery & { role?: Role; status?: "active" }, enabled = true) =>
  useQuery({
    queryKey: ["users", "list", query],
    queryFn: () => api.get("/owners", userListResponse, { query }),
    placeholderData: keepPreviousData,
    enabled,
  });
export const useRoles = () =>
  useQuery({
    queryKey: ["users", "roles"],
    queryFn: () => api.get("/owners/roles", rolesResponse),
    staleTime: 300_000,
  });
export const useCentres = () =>
  useQuery({
    queryKey: ["users", "centers"],
    queryFn: () => api.get("/owners/centers", centerOptionsResponse),
    staleTime: 300_000,
  });

export function useUserMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["users"] });
  return {
    create: useMutation({
      mutationFn: (body: CreateUserRequest) => api.post("/owners", body, userChangeResponse),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: UpdateUserRequest }) =>
        api.put(`/owners/${id}`, body, userChangeResponse),
      onSuccess: refresh,
    }),
    toggle: useMutation({
      mutationFn: (id: string) => api.put(`/owners/${id}/toggle-status`, {}, userChangeResponse),
      onSuccess: refresh,
    }),
    forceReset: useMutation({
      mutationFn: (id: string) => api.put(`/owners/${id}/reset-password`, {}, userChangeResponse),
      onSuccess: refresh,
    }),
  };
}
