import CloudOff from "@mui/icons-material/CloudOff";
import { Alert } from "@mui/material";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useCallback, useSyncExternalStore } from "react";
import { useOnline } from "./connectivity";
import { offlineMessage } from "./offlineMarker";

/** The newest answer on screen: what the page shows was loaded then or before. */
function newestAnswer(client: QueryClient): number | null {
  let newest = 0;
  for (const query of client.getQueryCache().getAll()) {
    if (query.state.data !== undefined) newest = Math.max(newest, query.state.dataUpdatedAt);
  }
  return newest > 0 ? newest : null;
}

/** Above every signed-in page while the app is offline: what is shown may be out of date. */
export function OfflineMarker() {
  return useOnline() ? null : <Offline />;
}

function Offline() {
  const client = useQueryClient();
  const subscribe = useCallback((listener: () => void) => client.getQueryCache().subscribe(listener), [client]);
  const loadedAt = useSyncExternalStore(subscribe, () => newestAnswer(client));
  return (
    <Alert severity="warning" icon={<CloudOff />} role="status" data-testid="offline-marker" sx={{ mb: 2 }}>
      {offlineMessage(loadedAt, new Date())}
    </Alert>
  );
}
