import { useEffect, useState } from "react";
import type { FieldValues, UseFormWatch } from "react-hook-form";

/**
 * A server's refusal shown above a form goes away with its cause: the first change to the form
 * after the refusal hides it, and the next submission shows whatever the server says then.
 */
export function useServerError<T extends FieldValues>(error: string | undefined, watch: UseFormWatch<T>) {
  const [changed, setChanged] = useState(false);
  useEffect(() => {
    const subscription = watch((_values, { type }) => {
      // Only a person's edit counts; a reset when the dialog opens is not one.
      if (type === "change") setChanged(true);
    });
    return () => subscription.unsubscribe();
  }, [watch]);
  return {
    error: changed ? undefined : error,
    /** Call as the form is sent: the answer to this submission is shown. */
    submitted: () => setChanged(false),
  };
}
