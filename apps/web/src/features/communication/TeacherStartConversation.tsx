import { Alert, Box, Button, MenuItem, Stack, TextField } from "@mui/material";
import { teacherStartThreadInput } from "@sprout/shared/schemas/communication";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { errorMessage } from "../../api/errors";
import { useSay } from "../../i18n/useSay";
import { zodResolver } from "../../i18n/zodResolver";
import { useFamilies, useMessagingMutations } from "./api";

type Form = z.input<typeof teacherStartThreadInput>;

/** A teacher writes first: the child (of their rooms), then which of its parents. */
export function TeacherStartConversation({ onStarted }: { onStarted: (id: string) => void }) {
  const say = useSay();
  const families = useFamilies(true);
  const { start } = useMessagingMutations();
  const form = useForm<Form, unknown, z.output<typeof teacherStartThreadInput>>({
    resolver: zodResolver(teacherStartThreadInput),
    mode: "onTouched",
    defaultValues: { child_id: "", parent_id: "" },
  });
  const rows = families.data?.families ?? [];
  const children = [...new Map(rows.map((row) => [row.child_id, row])).values()];
  const childId = form.watch("child_id");
  const parents = rows.filter((row) => row.child_id === childId);
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (values) => {
    const thread = await start.mutateAsync(values);
    form.reset({ child_id: "", parent_id: "" });
    onStarted(thread.id);
  });
  if (families.data && children.length === 0) return null;

  return (
    <Box
      component="form"
      onSubmit={submit}
      noValidate
      aria-label={say("communication.writeToParent")}
      sx={{ p: 1.5, borderBottom: 1, borderColor: "divider" }}
    >
      <Stack spacing={1.5}>
        <Controller
          control={form.control}
          name="child_id"
          render={({ field }) => (
            <TextField
              select
              size="small"
              label={say("communication.child")}
              {...field}
              onChange={(event) => {
                field.onChange(event.target.value);
                const only = rows.filter((row) => row.child_id === event.target.value);
                // One parent is chosen for the teacher; a new choice clears the old "choose" message.
                if (only.length === 1) form.setValue("parent_id", only[0]!.parent_id, { shouldValidate: true });
                else {
                  form.setValue("parent_id", "");
                  form.clearErrors("parent_id");
                }
              }}
              error={Boolean(errors.child_id)}
              helperText={errors.child_id?.message}
            >
              {children.map((child) => (
                <MenuItem key={child.child_id} value={child.child_id}>
                  {child.child_name} ({child.classroom_name})
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          control={form.control}
          name="parent_id"
          render={({ field }) => (
            <TextField
              select
              size="small"
              label={say("communication.parent")}
              {...field}
              disabled={!childId}
              error={Boolean(errors.parent_id)}
              helperText={errors.parent_id?.message}
            >
              {parents.map((row) => (
                <MenuItem key={row.parent_id} value={row.parent_id}>
                  {row.parent_name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        {start.isError && <Alert severity="error">{errorMessage(start.error)}</Alert>}
        <Button type="submit" variant="outlined" size="small" disabled={start.isPending}>
          {say("communication.startConversation")}
        </Button>
      </Stack>
    </Box>
  );
}
