import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Rating,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { FEEDBACK_CATEGORIES, FEEDBACK_CATEGORY_LABEL_IDS, feedbackInput } from "@sprout/shared/schemas/communication";
import { Controller, useForm } from "react-hook-form";
import { useSearchParams } from "react-router";
import type { z } from "zod";
import { errorMessage } from "../../api/errors";
import { useSay } from "../../i18n/useSay";
import { zodResolver } from "../../i18n/zodResolver";
import { useFamily, useFeedback, useFeedbackMutations } from "./api";

type Form = z.input<typeof feedbackInput>;

/**
 * A parent's way to tell the centre what they think, and to read the centre's answers. The dialog
 * is open while the address says `?feedback=1`, so the bell's "answered your feedback" line opens it.
 */
export function FeedbackButton() {
  const say = useSay();
  const [params, setParams] = useSearchParams();
  const open = params.get("feedback") === "1";
  const setOpen = (value: boolean) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set("feedback", "1");
      else next.delete("feedback");
      return next;
    });
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)}>
        {say("communication.feedbackButton")}
      </Button>
      {open && <FeedbackDialog onClose={() => setOpen(false)} />}
    </>
  );
}

function FeedbackDialog({ onClose }: { onClose: () => void }) {
  const say = useSay();
  const family = useFamily(true);
  const mine = useFeedback();
  const earlier = mine.data?.pages.flatMap((page) => page.feedback) ?? [];
  const { send } = useFeedbackMutations();
  const children = family.data ?? [];
  const form = useForm<Form, unknown, z.output<typeof feedbackInput>>({
    resolver: zodResolver(feedbackInput),
    mode: "onTouched",
    defaultValues: { child_id: "", category: "general", rating: 0, comment: "" },
  });
  const childId = form.watch("child_id");
  if (!childId && children[0]) form.setValue("child_id", children[0].id);
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (values) => {
    await send.mutateAsync(values);
    form.reset({ child_id: values.child_id, category: "general", rating: 0, comment: "" });
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{say("communication.feedbackTitle")}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} component="form" id="feedback-form" onSubmit={submit} noValidate sx={{ pt: 1 }}>
          {send.isError && <Alert severity="error">{errorMessage(send.error)}</Alert>}
          {send.isSuccess && <Alert severity="success">{say("communication.feedbackThanks")}</Alert>}
          {children.length > 1 && (
            <TextField select label={say("communication.child")} {...form.register("child_id")} value={childId}>
              {children.map((child) => (
                <MenuItem key={child.id} value={child.id}>
                  {child.first_name} {child.last_name}
                </MenuItem>
              ))}
            </TextField>
          )}
          <Controller
            control={form.control}
            name="category"
            render={({ field }) => (
              <TextField
                select
                label={say("communication.category")}
                {...field}
                error={Boolean(errors.category)}
                helperText={errors.category?.message}
              >
                {FEEDBACK_CATEGORIES.map((category) => (
                  <MenuItem key={category} value={category}>
                    {say(FEEDBACK_CATEGORY_LABEL_IDS[category])}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            control={form.control}
            name="rating"
            render={({ field }) => (
              <Stack>
                <Typography component="legend" variant="body2">
                  {say("communication.rating")}
                </Typography>
                <Rating
                  name="rating"
                  value={Number(field.value) || null}
                  onChange={(_event, value) => field.onChange(value ?? 0)}
                  onBlur={field.onBlur}
                />
                {errors.rating && (
                  <Typography variant="caption" color="error">
                    {errors.rating.message}
                  </Typography>
                )}
              </Stack>
            )}
          />
          <TextField
            label={say("communication.yourFeedback")}
            multiline
            minRows={3}
            {...form.register("comment")}
            error={Boolean(errors.comment)}
            helperText={errors.comment?.message}
          />
          {earlier.length > 0 && (
            <Stack spacing={1}>
              <Typography variant="subtitle2">{say("communication.earlierFeedback")}</Typography>
              {earlier.map((item) => (
                <Alert key={item.id} severity={item.status === "responded" ? "success" : "info"}>
                  <Typography variant="body2" sx={{ whiteSpace: "pre-wrap" }}>
                    {item.comment}
                  </Typography>
                  <Typography variant="body2" sx={{ mt: 0.5, fontWeight: 600 }}>
                    {item.response
                      ? say("communication.reply", { text: item.response })
                      : say("communication.awaitingReply")}
                  </Typography>
                </Alert>
              ))}
              {mine.hasNextPage && (
                <Button
                  onClick={() => void mine.fetchNextPage()}
                  disabled={mine.isFetchingNextPage}
                  sx={{ minHeight: 44, alignSelf: "center" }}
                >
                  {say(mine.isFetchingNextPage ? "communication.loading" : "communication.loadMoreFeedback")}
                </Button>
              )}
            </Stack>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{say("communication.close")}</Button>
        <Button type="submit" form="feedback-form" variant="contained" disabled={send.isPending}>
          {say("communication.sendFeedback")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
