import {
  type NotificationPreferences,
  notificationPreferences,
  pushDevice,
  pushPublicKey,
} from "@sprout/shared/schemas/push";
import { api, apiRequest } from "../../api/client";

export const pushApi = {
  publicKey: () => api.get("/push/public-key", pushPublicKey),
  subscribe: (subscription: PushSubscriptionJSON) => api.post("/push/subscriptions", subscription, pushDevice),
  unsubscribe: (endpoint: string) => apiRequest("/push/subscriptions", { method: "DELETE", body: { endpoint } }),
  preferences: () => api.get("/notification-preferences", notificationPreferences),
  updatePreferences: (change: Partial<NotificationPreferences>) =>
    api.put("/notification-preferences", change, notificationPreferences),
};
