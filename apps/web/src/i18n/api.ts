import { type AccountPreferencesUpdate, accountPreferences } from "@sprout/shared/schemas/account";
import { api } from "../api/client";

export const preferencesApi = {
  get: () => api.get("/account/preferences", accountPreferences),
  update: (change: AccountPreferencesUpdate) => api.put("/account/preferences", change, accountPreferences),
};
