import { Alert, Box, Button, Card, CardContent, Chip, MenuItem, Stack, TextField, Typography } from "@mui/material";
import { noticeInput, type SentNotice } from "@sprout/shared/schemas/communication";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { errorMessage } from "../../api/errors";
import { type Column, PagedTable } from "../../components/PagedTable/PagedTable";
import { usePaging } from "../../components/PagedTable/usePaging";
import { formatDateTime } from "../../format";
import { type Say, useSay } from "../../i18n/useSay";
import { zodResolver } from "../../i18n/zodResolver";
import { useCentreClassrooms } from "../children/api";
import { DeskCentre } from "./DeskCentre";
import { NotReadDialog } from "./NotReadDialog";
import { NOTICE_PAGE_SIZE, NOTICE_PAGE_SIZES, tablePage, useSendNotice, useSentNotices } from "./noticesApi";

type Form = z.input<typeof noticeInput>;

/** The desk's Notices tab: write to a centre's families, then follow who has read it. */
export function NoticesDesk() {
  return (
    <Stack spacing={3}>
      <DeskCentre>
        {(centerId) => (
          <>
            <NoticeForm key={centerId} centerId={centerId} />
            <SentNotices centerId={centerId} />
          </>
        )}
      </DeskCentre>
    </Stack>
  );
}

function NoticeForm({ centerId }: { centerId: string }) {
  const say = useSay();
  const rooms = useCentreClassrooms(centerId);
  const send = useSendNotice();
  const blank = { center_id: centerId, classroom_ids: [], title: "", message: "" };
  const form = useForm<Form, unknown, z.output<typeof noticeInput>>({
    resolver: zodResolver(noticeInput),
    mode: "onTouched",
    defaultValues: blank,
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (values) => {
    await send.mutateAsync(values);
    form.reset(blank);
  });

  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={2} component="form" onSubmit={submit} noValidate aria-label={say("communication.sendNotice")}>
          <Typography variant="h6" component="h2">
            {say("communication.sendNotice")}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {say("communication.sendNoticeIntro")}
          </Typography>
          {send.isError && <Alert severity="error">{errorMessage(send.error)}</Alert>}
          {send.isSuccess && (
            <Alert severity="success">{say("communication.noticeSent", { count: send.data.parents })}</Alert>
          )}
          <Controller
            control={form.control}
            name="classroom_ids"
            render={({ field }) => (
              <TextField
                select
                label={say("communication.sendTo")}
                value={field.value ?? []}
                onChange={(event) => {
                  const value = event.target.value as unknown as string[];
                  // Choosing "Whole centre" clears the rooms; choosing a room leaves "Whole centre".
                  field.onChange(value.includes("") ? [] : value);
                }}
                onBlur={field.onBlur}
                slotProps={{
                  select: {
                    multiple: true,
                    displayEmpty: true,
                    renderValue: (chosen) => {
                      const ids = chosen as string[];
                      if (ids.length === 0) return say("communication.wholeCentre");
                      return (rooms.data ?? [])
                        .filter((room) => ids.includes(room.id))
                        .map((room) => room.name)
                        .join(", ");
                    },
                  },
                  inputLabel: { shrink: true },
                }}
                error={Boolean(errors.classroom_ids)}
                helperText={errors.classroom_ids?.message}
              >
                <MenuItem value="">{say("communication.wholeCentre")}</MenuItem>
                {(rooms.data ?? []).map((room) => (
                  <MenuItem key={room.id} value={room.id}>
                    {room.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <TextField
            label={say("communication.title")}
            {...form.register("title")}
            error={Boolean(errors.title)}
            helperText={errors.title?.message}
          />
          <TextField
            label={say("communication.message")}
            multiline
            minRows={3}
            {...form.register("message")}
            error={Boolean(errors.message)}
            helperText={errors.message?.message}
          />
          <Box>
            <Button type="submit" variant="contained" disabled={send.isPending}>
              {say(send.isPending ? "communication.sending" : "communication.sendNoticeButton")}
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

const audienceOf = (notice: SentNotice, say: Say) =>
  notice.classrooms.length === 0 ? say("communication.wholeCentre") : notice.classrooms.join(", ");

function SentNotices({ centerId }: { centerId: string }) {
  const say = useSay();
  const paging = usePaging(NOTICE_PAGE_SIZE);
  const [open, setOpen] = useState<SentNotice | null>(null);
  const sent = useSentNotices(centerId, paging.query);
  const notReadButton = (notice: SentNotice) => (
    <Button
      size="small"
      variant="outlined"
      disabled={notice.read === notice.parents}
      onClick={() => setOpen(notice)}
      aria-label={say("communication.whoNotRead", { title: notice.title })}
    >
      {say("communication.notReadCount", { count: notice.parents - notice.read })}
    </Button>
  );
  const readChip = (notice: SentNotice) => (
    <Chip
      size="small"
      color={notice.read === notice.parents ? "success" : "default"}
      label={say("communication.readOf", { read: notice.read, total: notice.parents })}
      data-testid={`read-${notice.id}`}
    />
  );
  const columns: Column<SentNotice>[] = [
    {
      header: say("communication.columnTitle"),
      cell: (notice) => <Box sx={{ maxWidth: 320, overflowWrap: "anywhere" }}>{notice.title}</Box>,
    },
    { header: say("communication.columnTo"), cell: (notice) => audienceOf(notice, say) },
    {
      header: say("communication.columnSent"),
      cell: (notice) => `${formatDateTime(notice.sent_at)}${notice.sent_by_name ? ` · ${notice.sent_by_name}` : ""}`,
    },
    { header: say("communication.columnRead"), cell: readChip },
    { header: "", cell: notReadButton, align: "right" },
  ];

  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="h2">
        {say("communication.sentNotices")}
      </Typography>
      <PagedTable
        label={say("communication.sentNotices")}
        columns={columns}
        card={(notice) => (
          <Box component="article" aria-label={notice.title}>
            <Typography variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>
              {notice.title}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="p">
              {audienceOf(notice, say)} · {formatDateTime(notice.sent_at)}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: "center", justifyContent: "space-between" }}>
              {readChip(notice)}
              {notReadButton(notice)}
            </Stack>
          </Box>
        )}
        rowKey={(notice) => notice.id}
        page={sent.data && tablePage(sent.data.notices, sent.data.pagination)}
        paging={paging}
        pageSizes={NOTICE_PAGE_SIZES}
        loading={sent.isPending}
        error={sent.isError ? errorMessage(sent.error) : undefined}
        empty={say("communication.noNotices")}
      />
      <NotReadDialog notice={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
