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
import { zodResolver } from "../../i18n/zodResolver";
import { useNotices, usePublishNotice } from "./api";
import { NoticeText } from "./NoticeText";

type Form = z.input<typeof noticeInput>;

/** The default version is Sprout's own, published for the organisation when it had none. */
const publisher = (notice: PrivacyNotice) => notice.published_by_name ?? "Sprout (default notice)";

const columns: Column<PrivacyNotice>[] = [
  { header: "Version", cell: (notice) => notice.version, nowrap: true },
  { header: "Title", cell: (notice) => notice.title },
  { header: "Published by", cell: publisher },
  { header: "Published", cell: (notice) => formatDate(notice.published_at), nowrap: true },
];

/**
 * The organisation's privacy notice: the current version, a new version written from it (a
 * published version is never edited; parents are asked again), and the earlier versions.
 */
export function NoticeEditor({ current }: { current: PrivacyNotice }) {
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
          Parents are asked to consent to Sprout's default notice below until you publish your own. Write it in plain
          language from the default: what you keep, why, who sees it, how long, and the family's rights.
        </Alert>
      )}
      <Card variant="outlined">
        <CardContent>
          <NoticeText notice={current} maxHeight={280} />
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardContent>
          <Stack component="form" noValidate spacing={2} onSubmit={submit} aria-label="New notice version">
            <Typography variant="h6" component="h2">
              Publish a new version
            </Typography>
            <Typography variant="body2" color="text.secondary">
              A published version is never changed. Publishing a new one asks every parent to read it and answer again.
            </Typography>
            <TextField
              label="Title"
              required
              {...form.register("title")}
              error={Boolean(errors.title)}
              helperText={errors.title?.message}
            />
            <TextField
              label="Notice text"
              required
              multiline
              minRows={8}
              {...form.register("body")}
              error={Boolean(errors.body)}
              helperText={
                errors.body?.message ??
                "Plain language: what you keep, why, who sees it, how long, and the family's rights."
              }
            />
            {server.error && <Alert severity="error">{server.error}</Alert>}
            {published !== null && !publish.isPending && (
              <Alert severity="success">
                Version {published} is published. Parents will be asked at their next visit.
              </Alert>
            )}
            <Stack direction="row">
              <Button type="submit" variant="contained" disabled={publish.isPending}>
                {publish.isPending ? "Publishing…" : "Publish"}
              </Button>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
      <Card variant="outlined">
        <Typography variant="h6" component="h2" sx={{ p: 2, pb: 0 }}>
          Versions
        </Typography>
        <PagedTable
          label="Notice versions"
          columns={columns}
          card={(notice) => (
            <Stack spacing={0.25}>
              <Typography sx={{ fontWeight: 600 }}>
                Version {notice.version}: {notice.title}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {formatDate(notice.published_at)} · {publisher(notice)}
              </Typography>
            </Stack>
          )}
          rowKey={(notice) => notice.id}
          page={versions.data && { rows: versions.data.notices, pagination: versions.data.pagination }}
          paging={paging}
          loading={versions.isPending}
          error={versions.isError ? "The versions could not be loaded. Please try again." : undefined}
          empty="No version has been published yet."
        />
      </Card>
    </Stack>
  );
}
