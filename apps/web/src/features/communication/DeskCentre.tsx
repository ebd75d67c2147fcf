import { MenuItem, TextField } from "@mui/material";
import { type ReactNode, useEffect, useState } from "react";
import { useSignedInUser } from "../../auth/useSession";
import { useSay } from "../../i18n/useSay";
import { useCentres } from "../children/api";

/**
 * The centre a desk tab works on: a centre role's own, or for an owner with several centres the
 * one chosen here (the first until they choose). `children` draws the tab for that centre.
 */
export function DeskCentre({ children }: { children: (centerId: string) => ReactNode }) {
  const say = useSay();
  const user = useSignedInUser();
  const centres = useCentres();
  const [centerId, setCenterId] = useState<string>(user.center_id ?? "");
  const firstCentre = centres.data?.[0]?.id;
  useEffect(() => {
    if (!centerId && firstCentre) setCenterId(firstCentre);
  }, [centerId, firstCentre]);

  return (
    <>
      {!user.center_id && (centres.data?.length ?? 0) > 1 && (
        <TextField
          select
          size="small"
          label={say("communication.centre")}
          value={centerId}
          onChange={(event) => setCenterId(event.target.value)}
          sx={{ maxWidth: 360 }}
        >
          {centres.data?.map((centre) => (
            <MenuItem key={centre.id} value={centre.id}>
              {centre.center_name}
            </MenuItem>
          ))}
        </TextField>
      )}
      {centerId && children(centerId)}
    </>
  );
}
