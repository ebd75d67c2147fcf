import Add from "@mui/icons-material/Add";
import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Chip,
  Dialog,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Link,
  MenuItem,
  Snackbar,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from "@mui/material";
import type { AdmissionPayload } from "@sprout/shared/schemas/admissions";
import {
  ENQUIRY_DEFAULT_PAGE_SIZE,
  ENQUIRY_PAGE_SIZES,
  ENQUIRY_STATUS_LABEL_IDS,
  ENQUIRY_STATUSES,
  type Enquiry,
  type EnquiryInput,
  type EnquiryPayload,
  type EnquiryStatus,
} from "@sprout/shared/schemas/enquiries";
import { useEffect, useState } from "react";
import type { Path } from "react-hook-form";
import { ApiError } from "../../api/errors";
import { useSignedInUser } from "../../auth/useSession";
import { type Column, PagedTable } from "../../components/PagedTable/PagedTable";
import { SearchField } from "../../components/PagedTable/SearchField";
import { usePaging } from "../../components/PagedTable/usePaging";
import { formatDate } from "../../format";
import { type Say, useSay } from "../../i18n/useSay";
import { AdmissionDialog, admissionDefaults } from "./AdmissionDialog";
import { useCentres, useEnquiries, useEnquiryMutations } from "./api";
import {
  EnquiryFields,
  type EnquiryForm,
  emptyEnquiry,
  enquiryToForm,
  SubmitButton,
  useEnquiryForm,
} from "./EnquiryForm";

const STATUS_COLOURS: Record<EnquiryStatus, "default" | "info" | "warning" | "success" | "error"> = {
  Open: "info",
  "Follow-up": "warning",
  Closed: "success",
  Lost: "default",
};

/** Puts the server's per-field messages on the form; answers the message to show above it. */
function showRefusal(form: EnquiryForm, error: unknown, fallback: string, say: Say): string {
  if (error instanceof ApiError && error.status === 400 && error.details) {
    for (const [field, message] of Object.entries(error.details))
      form.setError(field as Path<EnquiryInput>, { message });
    return say("enquiries.fixErrors");
  }
  return error instanceof ApiError && error.hasServerMessage && error.status < 500 ? error.message : fallback;
}

const prettyMobile = (mobile: string) => mobile.replace(/^\+91(\d{5})(\d{5})$/, "+91 $1 $2");

const admitFailure = (error: unknown, say: Say) =>
  error instanceof ApiError && error.hasServerMessage && error.status < 500
    ? error.message
    : say("enquiries.admitFailed");

interface Admission {
  /** The enquiry, once saved as Closed. */
  enquiryId: string | null;
  centerId: string;
  values: EnquiryInput;
  /** Saves the enquiry as Closed and answers its id. */
  save: () => Promise<string>;
  /** Puts the status back to Open (Cancel). */
  cancel: () => void;
  done: () => void;
}

/** Enquiry and Lead Management: the new-enquiry form, the enquiries table, edit and admission. */
export function EnquiriesPage() {
  const say = useSay();
  const user = useSignedInUser();
  const multiCentre = !user.center_id;
  const centres = useCentres(multiCentre);
  const centreOptions = (centres.data ?? []).map((centre) => ({ id: centre.id, name: centre.center_name }));
  const defaultCentre = user.center_id ?? (centreOptions.length === 1 ? centreOptions[0]!.id : "");
  const { create, update, convert } = useEnquiryMutations();
  const [snack, setSnack] = useState("");
  const [editing, setEditing] = useState<Enquiry | null>(null);
  const [admission, setAdmission] = useState<Admission | null>(null);
  const [admitError, setAdmitError] = useState<string | null>(null);

  const newForm = useEnquiryForm(emptyEnquiry(defaultCentre));
  const [newError, setNewError] = useState<string | null>(null);
  const [newOpen, setNewOpen] = useState(false);
  const phone = useMediaQuery(useTheme().breakpoints.down("sm"));
  const closeNew = () => {
    setNewOpen(false);
    setNewError(null);
    newForm.reset(emptyEnquiry(defaultCentre));
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the default centre becomes known; the form object is stable
  useEffect(() => {
    if (defaultCentre && !newForm.getValues("center_id")) newForm.setValue("center_id", defaultCentre);
  }, [defaultCentre]);

  const submitNew = newForm.handleSubmit(async (values) => {
    setNewError(null);
    try {
      await create.mutateAsync(values);
      setSnack(say("enquiries.created"));
      closeNew();
    } catch (error) {
      setNewError(showRefusal(newForm, error, say("enquiries.submitFailed"), say));
    }
  });

  const startAdmission = (next: Omit<Admission, "done">) => {
    setAdmitError(null);
    setAdmission({ ...next, done: () => setAdmission(null) });
  };

  const confirmAdmission = async (values: AdmissionPayload) => {
    if (!admission) return;
    setAdmitError(null);
    let enquiryId = admission.enquiryId;
    try {
      if (!enquiryId) {
        enquiryId = await admission.save();
        setAdmission({ ...admission, enquiryId });
      }
      const result = await convert.mutateAsync({ id: enquiryId, body: values });
      const invited =
        result.invited.length > 0 ? say("enquiries.invitationsSent", { emails: result.invited.join(", ") }) : "";
      const admitted = say("enquiries.admittedSnack", {
        message: result.message,
        name: `${result.student.first_name} ${result.student.last_name}`,
        id: result.student.student_id,
        classroom: result.student.classroom_name,
      });
      setSnack(`${admitted}${invited}`);
      admission.done();
      setEditing(null);
      if (newOpen) closeNew();
    } catch (error) {
      setAdmitError(admitFailure(error, say));
    }
  };

  return (
    <Stack spacing={3}>
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={2}
        sx={{ justifyContent: "space-between", alignItems: { xs: "stretch", sm: "flex-start" } }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h4" component="h1">
            {say("enquiries.title")}
          </Typography>
          <Typography color="text.secondary">{say("enquiries.subtitle")}</Typography>
        </Box>
        <Button
          variant="contained"
          startIcon={<Add />}
          onClick={() => setNewOpen(true)}
          sx={{ flexShrink: 0, alignSelf: { xs: "flex-start", sm: "auto" } }}
        >
          {say("enquiries.newEnquiry")}
        </Button>
      </Stack>

      {/* The list comes first; the twenty-field form opens on demand (full screen on a phone). */}
      <Dialog
        open={newOpen}
        onClose={create.isPending ? undefined : closeNew}
        fullWidth
        maxWidth="md"
        fullScreen={phone}
        aria-labelledby="new-enquiry-title"
      >
        <DialogTitle id="new-enquiry-title">{say("enquiries.newEnquiry")}</DialogTitle>
        <DialogContent dividers>
          <form noValidate onSubmit={submitNew} aria-label={say("enquiries.newEnquiryForm")}>
            <EnquiryFields
              form={newForm}
              centres={multiCentre ? centreOptions : undefined}
              error={newError}
              onClosedChosen={() =>
                startAdmission({
                  enquiryId: null,
                  centerId: newForm.getValues("center_id") ?? "",
                  values: newForm.getValues(),
                  save: async () => (await create.mutateAsync({ ...newForm.getValues(), status: "Closed" })).id,
                  cancel: () => newForm.setValue("status", "Open", { shouldValidate: true }),
                })
              }
              actions={
                <>
                  <Button onClick={closeNew} disabled={create.isPending}>
                    {say("enquiries.cancel")}
                  </Button>
                  <SubmitButton
                    form={newForm}
                    label={say(create.isPending ? "enquiries.submitting" : "enquiries.submitEnquiry")}
                    busy={create.isPending}
                  />
                </>
              }
            />
          </form>
        </DialogContent>
      </Dialog>

      <EnquiriesTable onOpen={setEditing} />

      {editing && (
        <EditDialog
          enquiry={editing}
          busy={update.isPending}
          onClose={() => setEditing(null)}
          onSave={async (values, form) => {
            try {
              await update.mutateAsync({ id: editing.id, body: values });
              setSnack(say("enquiries.updated"));
              setEditing(null);
              return null;
            } catch (error) {
              return showRefusal(form, error, say("enquiries.updateFailed"), say);
            }
          }}
          onAdmit={(form, alreadyClosed) =>
            startAdmission({
              enquiryId: alreadyClosed ? editing.id : null,
              centerId: editing.center_id,
              values: form.getValues(),
              save: async () =>
                (await update.mutateAsync({ id: editing.id, body: { ...form.getValues(), status: "Closed" } })).id,
              cancel: () => form.setValue("status", alreadyClosed ? "Closed" : "Open", { shouldValidate: true }),
            })
          }
        />
      )}

      {admission && (
        <AdmissionDialog
          open
          centerId={admission.centerId}
          initial={admissionDefaults(admission.values)}
          busy={convert.isPending || create.isPending || update.isPending}
          error={admitError}
          onCancel={() => {
            admission.cancel();
            setAdmission(null);
          }}
          onConfirm={confirmAdmission}
        />
      )}

      <Snackbar open={Boolean(snack)} autoHideDuration={6000} onClose={() => setSnack("")} message={snack} />
    </Stack>
  );
}

function EditDialog({
  enquiry,
  busy,
  onClose,
  onSave,
  onAdmit,
}: {
  enquiry: Enquiry;
  busy: boolean;
  onClose: () => void;
  onSave: (values: EnquiryPayload, form: EnquiryForm) => Promise<string | null>;
  onAdmit: (form: EnquiryForm, alreadyClosed: boolean) => void;
}) {
  const say = useSay();
  const form = useEnquiryForm(enquiryToForm(enquiry));
  const phone = useMediaQuery(useTheme().breakpoints.down("sm"));
  const [error, setError] = useState<string | null>(null);
  const admitted = Boolean(enquiry.student_id);
  const submit = form.handleSubmit(async (values) => setError(await onSave(values, form)));

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="md"
      fullScreen={phone}
      aria-labelledby="edit-enquiry-title"
    >
      <DialogTitle id="edit-enquiry-title">{say("enquiries.updateTitle")}</DialogTitle>
      <DialogContent dividers>
        {admitted && (
          <Alert severity="success" sx={{ mb: 2 }}>
            {say("enquiries.admittedOn", {
              date: formatDate(enquiry.converted_at ?? enquiry.updated_at),
              readOnly: say("enquiries.admittedReadOnly"),
            })}
          </Alert>
        )}
        <form noValidate onSubmit={submit} aria-label={say("enquiries.updateForm")}>
          <fieldset disabled={admitted} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <EnquiryFields
              form={form}
              error={error}
              // In the edit dialog, choosing Closed opens the admission form after a short delay.
              onClosedChosen={() => setTimeout(() => onAdmit(form, false), 300)}
              actions={
                <>
                  <Button onClick={onClose} disabled={busy}>
                    {say("enquiries.cancel")}
                  </Button>
                  {enquiry.status === "Closed" && !admitted && (
                    <Button variant="outlined" color="success" onClick={() => onAdmit(form, true)} disabled={busy}>
                      {say("enquiries.processAdmission")}
                    </Button>
                  )}
                  {!admitted && (
                    <SubmitButton
                      form={form}
                      label={say(busy ? "enquiries.saving" : "enquiries.saveChanges")}
                      busy={busy}
                    />
                  )}
                </>
              }
            />
          </fieldset>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Opens an enquiry: a real button, so the keyboard reaches it as the mouse does. */
const OpenEnquiry = ({ row, onOpen }: { row: Enquiry; onOpen: (enquiry: Enquiry) => void }) => (
  <Link component="button" type="button" variant="body2" onClick={() => onOpen(row)} sx={{ fontWeight: 600 }}>
    {row.child_name}
  </Link>
);

function StatusChips({ row }: { row: Enquiry }) {
  const say = useSay();
  return (
    <Stack direction="row" useFlexGap spacing={0.5} sx={{ flexWrap: "wrap" }}>
      <Chip
        size="small"
        label={say(row.student_id ? "enquiries.admitted" : ENQUIRY_STATUS_LABEL_IDS[row.status])}
        color={STATUS_COLOURS[row.status]}
      />
      {row.follow_up_due && row.follow_up_date && (
        <Chip
          size="small"
          variant="outlined"
          color="warning"
          label={say("enquiries.dueChip", { date: formatDate(row.follow_up_date) })}
          title={say("enquiries.followUpDue", { date: formatDate(row.follow_up_date) })}
        />
      )}
    </Stack>
  );
}

function EnquiriesTable({ onOpen }: { onOpen: (enquiry: Enquiry) => void }) {
  const say = useSay();
  const paging = usePaging(ENQUIRY_DEFAULT_PAGE_SIZE);
  const [status, setStatus] = useState<"" | EnquiryStatus>("");
  const [dueOnly, setDueOnly] = useState(false);
  const list = useEnquiries({
    page: paging.page,
    limit: paging.limit,
    search: paging.search || undefined,
    status: status || undefined,
    follow_up: dueOnly ? "due" : undefined,
  });
  const data = list.data;
  const due = data?.due_follow_ups ?? 0;
  const page = data && {
    rows: data.enquiries,
    pagination: {
      page: data.pagination.current_page,
      limit: data.pagination.items_per_page,
      total: data.pagination.total_items,
      totalPages: data.pagination.total_pages,
      totalIsLowerBound: data.pagination.total_is_lower_bound,
    },
  };
  const columns: Column<Enquiry>[] = [
    { header: say("enquiries.enquiryDate"), cell: (row) => formatDate(row.enquiry_date), nowrap: true },
    {
      header: say("enquiries.child"),
      cell: (row) => (
        <>
          <OpenEnquiry row={row} onOpen={onOpen} />
          {row.has_tie_up && <Chip size="small" label={say("enquiries.tieUp")} sx={{ ml: 1 }} />}
        </>
      ),
    },
    { header: say("enquiries.parent"), cell: (row) => row.parent_name },
    { header: say("enquiries.mobile"), cell: (row) => prettyMobile(row.mobile_number), nowrap: true },
    { header: say("enquiries.status"), cell: (row) => <StatusChips row={row} /> },
  ];

  return (
    <Card variant="outlined">
      <CardContent sx={{ px: { xs: 0, sm: 2 }, "&:last-child": { pb: 1 } }}>
        <Stack
          direction={{ xs: "column", md: "row" }}
          spacing={2}
          sx={{ justifyContent: "space-between", alignItems: { md: "center" }, mb: 2, px: { xs: 2, sm: 0 } }}
        >
          <Typography variant="h6" component="h2">
            {say("enquiries.existing")}
          </Typography>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} sx={{ alignItems: { sm: "center" } }}>
            <Chip
              label={say("enquiries.followUpsDue", { count: due })}
              color={due > 0 ? "warning" : "default"}
              variant={dueOnly ? "filled" : "outlined"}
              onClick={() => {
                setDueOnly(!dueOnly);
                paging.restart();
              }}
              aria-pressed={dueOnly}
            />
            <SearchField paging={paging} label={say("enquiries.searchByChild")} />
            <TextField
              select
              size="small"
              label={say("enquiries.status")}
              value={status}
              onChange={(event) => {
                setStatus(event.target.value as EnquiryStatus | "");
                paging.restart();
              }}
              sx={{ minWidth: 150 }}
            >
              <MenuItem value="">{say("enquiries.all")}</MenuItem>
              {ENQUIRY_STATUSES.map((value) => (
                <MenuItem key={value} value={value}>
                  {say(ENQUIRY_STATUS_LABEL_IDS[value])}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </Stack>
        {list.isFetching && page && <LinearProgress sx={{ mb: 1 }} aria-label={say("enquiries.loading")} />}
        <PagedTable
          label={say("enquiries.table")}
          columns={columns}
          card={(row) => <EnquiryCard row={row} onOpen={() => onOpen(row)} />}
          rowKey={(row) => row.id}
          page={page}
          paging={paging}
          loading={list.isPending}
          error={list.isError ? say("enquiries.fetchFailed") : undefined}
          empty={say("enquiries.empty")}
          pageSizes={ENQUIRY_PAGE_SIZES}
        />
      </CardContent>
    </Card>
  );
}

/** An enquiry on a phone: the whole card opens it. */
function EnquiryCard({ row, onOpen }: { row: Enquiry; onOpen: () => void }) {
  const say = useSay();
  return (
    <CardActionArea onClick={onOpen} sx={{ m: -1, p: 1, width: "auto" }}>
      <Typography sx={{ fontWeight: 600 }}>
        {row.child_name}
        {row.has_tie_up && <Chip size="small" label={say("enquiries.tieUp")} sx={{ ml: 1 }} />}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {formatDate(row.enquiry_date)} · {row.parent_name} · {prettyMobile(row.mobile_number)}
      </Typography>
      <StatusChips row={row} />
    </CardActionArea>
  );
}
