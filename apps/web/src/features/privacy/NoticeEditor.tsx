import { Alert, Button, Card, CardContent, Stack, TextField, Typography } from "@mui/material";
import { noticeInput, type PrivacyNotice } from "@sprout/shared/schemas/privacy";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { ApiError } from "../../api/errors";
import { type Column, PagedTable } from "../../components/PagedTable/PagedTable";
import { usePaging } from "../../components/PagedTable/usePaging";
import { useServerError } from "../../components/useServerError";
import { formatDate } from "../../format";
import { type Say, useSay } from "../../i18n/useSay";
import { zodResolver } from "../../i18n/zodResolver";
import { useFieldError } from "../account/fieldError";
import { useNotices, usePublishNotice } from "./api";
import { NoticeText } from "./NoticeText";

type Form = z.input<typeof noticeInput>;

/** The default version is Sprout's own, published for the organisation when it had none. */
const publisher = (notice: PrivacyNotice, say: Say) => notice.published_by_name ?? say("privacy.defaultPublisher");

/**
 * The organisation's privacy notice: the current version, a new version written from it (a
 * published version is never edited; parents are asked again), and the earlier versions.
 */
export function NoticeEditor({ current }: { current: PrivacyNotice }) {
  const say = useSay();
  const fieldError = useFieldError();
  const columns: Column<PrivacyNotice>[] = [
    { header: say("privacy.version"), cell: (notice) => notice.version, nowrap: true },
    { header: say("privacy.title"), cell: (notice) => notice.title },
    { header: say("privacy.publishedBy"), cell: (notice) => publisher(notice, say) },
    { header: say("privacy.published"), cell: (notice) => formatDate(notice.published_at), nowrap: true },
  ];
  const publish = usePublishNotice();
  const paging = usePaging(10);
  const versions = useNotices(paging.page, paging.limit);
  const [published, setPublished] = useState<number | null>(null);
  const form = useForm<Form, unknown, z.output<typeof noticeInput>>({
    resolver: zodResolver(noticeInput),
    mode: "onBlur",
    defaultValues: { title: current.title, body: current.body },
  });
  const server = useServerError(publish.error instanceof ApiError ? publish.error.message : undefined, form.watch);
  const submit = form.handleSubmit((values) => {
    server.submitted();
    publish.mutate(values, { onSuccess: (notice) => setPublished(notice.version) });
  });
  const { errors } = form.formState;

  return (
    <Stack spacing={2}>
      {current.published_by_name === null && (
        <Alert severity="info" data-testid="default-notice">
          {say("privacy.defaultNotice")}
        </Alert>
      )}
      <Card variant="outlined">
        <CardContent>
          <NoticeText notice={current} maxHeight={280} />
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardContent>
          <Stack component="form" noValidate spacing={2} onSubmit={submit} aria-label={say("privacy.newVersionForm")}>
            <Typography variant="h6" component="h2">
              {say("privacy.publishNew")}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {say("privacy.publishExplained")}
            </Typography>
            <TextField
              label={say("privacy.title")}
              required
              {...form.register("title")}
              error={Boolean(errors.title)}
              helperText={fieldError(errors.title?.message)}
            />
            <TextField
              label={say("privacy.noticeText")}
              required
              multiline
              minRows={8}
              {...form.register("body")}
              error={Boolean(errors.body)}
              helperText={fieldError(errors.body?.message) ?? say("privacy.noticeHelp")}
            />
            {server.error && <Alert severity="error">{server.error}</Alert>}
            {published !== null && !publish.isPending && (
              <Alert severity="success">{say("privacy.versionPublished", { version: published })}</Alert>
            )}
            <Stack direction="row">
              <Button type="submit" variant="contained" disabled={publish.isPending}>
                {say(publish.isPending ? "privacy.publishing" : "privacy.publish")}
              </Button>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
      <Card variant="outlined">
        <Typography variant="h6" component="h2" sx={{ p: 2, pb: 0 }}>
          {say("privacy.versions")}
        </Typography>
        <PagedTable
          label={say("privacy.noticeVersions")}
          columns={columns}
          card={(notice) => (
            <Stack spacing={0.25}>
              <Typography sx={{ fontWeight: 600 }}>
                {say("privacy.versionTitle", { version: notice.version, title: notice.title })}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {formatDate(notice.published_at)} · {publisher(notice, say)}
              </Typography>
            </Stack>
          )}
          rowKey={(notice) => notice.id}
          page={versions.data && { rows: versions.data.notices, pagination: versions.data.pagination }}
          paging={paging}
          loading={versions.isPending}
          error={versions.isError ? say("privacy.versionsFailed") : undefined}
          empty={say("privacy.noVersions")}
        />
      </Card>
    </Stack>
  );
}
