import { type CenterInput, center } from "@sprout/shared/schemas/centers";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../api/client";

export function useCentreMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: ["centers"] });
  return {
    create: useMutation({ mutationFn: (body: CenterInput) => api.post("/centers", body, center), onSuccess }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: CenterInput }) => api.put(`/centers/${id}`, body, center),
      onSuccess,
    }),
  };
}
