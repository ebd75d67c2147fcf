import type { LoginRequest } from "@sprout/shared/schemas/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { login } from "../../auth/api";

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: LoginRequest) => login(credentials),
    // Nothing cached for an earlier session may show to the one just opened.
    onSuccess: () => queryClient.clear(),
  });
}
