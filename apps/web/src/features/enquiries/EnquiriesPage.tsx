import Add from "@mui/icons-material/Add";
import Search from "@mui/icons-material/Search";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogContent,
  DialogTitle,
  InputAdornment,
  LinearProgress,
  MenuItem,
  Snackbar,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from "@mui/material";
import type { AdmissionPayload } from "@sprout/shared/schemas/admissions";
import {
  ENQUIRY_DEFAULT_PAGE_SIZE,
  ENQUIRY_MESSAGES,
  ENQUIRY_PAGE_SIZES,
  ENQUIRY_STATUSES,
  type Enquiry,
  type EnquiryFormValues,
  type EnquiryStatus,
} from "@sprout/shared/schemas/enquiries";
import { useEffect, useState } from "react";
import type { Path, UseFormReturn } from "react-hook-form";
import { ApiError } from "../../api/errors";
import { useSignedInUser } from "../../auth/useSession";
import { formatDate } from "../../format";
import { AdmissionDialog, admissionDefaults } from "./AdmissionDialog";
import { useCentres, useEnquiries, useEnquiryMutations } from "./api";
import { EnquiryFields, emptyEnquiry, enquiryToForm, SubmitButton, useEnquiryForm } from "./EnquiryForm";

const STATUS_COLOURS: Record<EnquiryStatus, "default" | "info" | "warning" | "success" | "error"> = {
  Open: "info",
  "Follow-up": "warning",
  Closed: "success",
  Lost: "default",
};

/** Puts the server's per-field messages on the form; answers the message to show above it. */
function showRefusal(form: UseFormReturn<EnquiryFormValues>, error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status === 400 && error.details) {
    for (const [field, message] of Object.entries(error.details))
      form.setError(field as Path<EnquiryFormValues>, { message });
    return ENQUIRY_MESSAGES.fixErrors;
  }
  return error instanceof ApiError && error.hasServerMessage && error.status < 500 ? error.message : fallback;
}

const WIDE_ONLY = { display: { xs: "none", md: "table-cell" } } as const;
const prettyMobile = (mobile: string) => mobile.replace(/^\+91(\d{5})(\d{5})$/, "+91 $1 $2");

const admitFailure = (error: unknown) =>
  error instanceof ApiError && error.hasServerMessage && error.status < 500
    ? error.message
    : ENQUIRY_MESSAGES.admitFailed;

interface Admission {
  /** The enquiry, once saved as Closed. */
  enquiryId: string | null;
  centerId: string;
  values: EnquiryFormValues;
  /** Saves the enquiry as Closed and answers its id. */
  save: () => Promise<string>;
  /** Puts the status back to Open (Cancel). */
  cancel: () => void;
  done: () => void;
}

/** Enquiry and Lead Management: the new-enquiry form, the enquiries table, edit and admission. */
export function EnquiriesPage() {
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
      setSnack(ENQUIRY_MESSAGES.created);
      closeNew();
    } catch (error) {
      setNewError(showRefusal(newForm, error, ENQUIRY_MESSAGES.submitFailed));
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
      const invited = result.invited.length > 0 ? ` Invitations e-mailed to ${result.invited.join(", ")}.` : "";
      setSnack(
        `${result.message}: ${result.student.first_name} ${result.student.last_name} (${result.student.student_id}) in ${result.student.classroom_name}.${invited}`,
      );
      admission.done();
      setEditing(null);
      if (newOpen) closeNew();
    } catch (error) {
      setAdmitError(admitFailure(error));
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
            Enquiry and Lead Management
          </Typography>
          <Typography color="text.secondary">
            Capture enquiries, follow them up and turn them into admissions.
          </Typography>
        </Box>
        <Button
          variant="contained"
          startIcon={<Add />}
          onClick={() => setNewOpen(true)}
          sx={{ flexShrink: 0, alignSelf: { xs: "flex-start", sm: "auto" } }}
        >
          New Enquiry
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
        <DialogTitle id="new-enquiry-title">New Enquiry</DialogTitle>
        <DialogContent dividers>
          <form noValidate onSubmit={submitNew} aria-label="New enquiry">
            <EnquiryFields
              form={newForm}
              centres={multiCentre ? centreOptions : undefined}
              error={newError}
              onClosedChosen={() =>
                startAdmission({
                  enquiryId: null,
                  centerId: newForm.getValues("center_id"),
                  values: newForm.getValues(),
                  save: async () => (await create.mutateAsync({ ...newForm.getValues(), status: "Closed" })).id,
                  cancel: () => newForm.setValue("status", "Open", { shouldValidate: true }),
                })
              }
              actions={
                <>
                  <Button onClick={closeNew} disabled={create.isPending}>
                    Cancel
                  </Button>
                  <SubmitButton
                    form={newForm}
                    label={create.isPending ? "Submitting..." : "Submit Enquiry"}
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
              setSnack(ENQUIRY_MESSAGES.updated);
              setEditing(null);
              return null;
            } catch (error) {
              return showRefusal(form, error, ENQUIRY_MESSAGES.updateFailed);
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
  onSave: (values: EnquiryFormValues, form: UseFormReturn<EnquiryFormValues>) => Promise<string | null>;
  onAdmit: (form: UseFormReturn<EnquiryFormValues>, alreadyClosed: boolean) => void;
}) {
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
      <DialogTitle id="edit-enquiry-title">Update Enquiry Details</DialogTitle>
      <DialogContent dividers>
        {admitted && (
          <Alert severity="success" sx={{ mb: 2 }}>
            Admitted on {formatDate(enquiry.converted_at ?? enquiry.updated_at)}. {ENQUIRY_MESSAGES.admittedReadOnly}.
          </Alert>
        )}
        <form noValidate onSubmit={submit} aria-label="Update enquiry">
          <fieldset disabled={admitted} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <EnquiryFields
              form={form}
              error={error}
              // In the edit dialog, choosing Closed opens the admission form after a short delay.
              onClosedChosen={() => setTimeout(() => onAdmit(form, false), 300)}
              actions={
                <>
                  <Button onClick={onClose} disabled={busy}>
                    Cancel
                  </Button>
                  {enquiry.status === "Closed" && !admitted && (
                    <Button variant="outlined" color="success" onClick={() => onAdmit(form, true)} disabled={busy}>
                      Process Admission
                    </Button>
                  )}
                  {!admitted && <SubmitButton form={form} label={busy ? "Saving..." : "Save Changes"} busy={busy} />}
                </>
              }
            />
          </fieldset>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function EnquiriesTable({ onOpen }: { onOpen: (enquiry: Enquiry) => void }) {
  const [searchText, setSearchText] = useState("");
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<"" | EnquiryStatus>("");
  const [dueOnly, setDueOnly] = useState(false);
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState<number>(ENQUIRY_DEFAULT_PAGE_SIZE);
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(searchText.trim());
      setPage(0);
    }, 300);
    return () => clearTimeout(timer);
  }, [searchText]);
  const list = useEnquiries({
    page: page + 1,
    limit,
    search: search || undefined,
    status: status || undefined,
    follow_up: dueOnly ? "due" : undefined,
  });
  const rows = list.data?.enquiries ?? [];
  const due = list.data?.due_follow_ups ?? 0;

  return (
    <Card variant="outlined">
      <CardContent>
        <Stack
          direction={{ xs: "column", md: "row" }}
          spacing={2}
          sx={{ justifyContent: "space-between", alignItems: { md: "center" }, mb: 2 }}
        >
          <Typography variant="h6" component="h2">
            Existing Enquiries
          </Typography>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} sx={{ alignItems: { sm: "center" } }}>
            <Chip
              label={`Follow-ups due: ${due}`}
              color={due > 0 ? "warning" : "default"}
              variant={dueOnly ? "filled" : "outlined"}
              onClick={() => {
                setDueOnly(!dueOnly);
                setPage(0);
              }}
              aria-pressed={dueOnly}
            />
            <TextField
              size="small"
              placeholder="Search by child name"
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
              slotProps={{
                htmlInput: { "aria-label": "Search by child name" },
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <Search fontSize="small" />
                    </InputAdornment>
                  ),
                },
              }}
            />
            <TextField
              select
              size="small"
              label="Status"
              value={status}
              onChange={(event) => {
                setStatus(event.target.value as EnquiryStatus | "");
                setPage(0);
              }}
              sx={{ minWidth: 150 }}
            >
              <MenuItem value="">All</MenuItem>
              {ENQUIRY_STATUSES.map((value) => (
                <MenuItem key={value} value={value}>
                  {value}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </Stack>
        {list.isFetching && <LinearProgress sx={{ mb: 1 }} />}
        {list.isError ? (
          <Alert severity="error">{ENQUIRY_MESSAGES.fetchFailed}</Alert>
        ) : (
          <TableContainer>
            <Table size="small" aria-label="Enquiries">
              <TableHead>
                <TableRow>
                  <TableCell sx={WIDE_ONLY}>Enquiry Date</TableCell>
                  <TableCell>Child</TableCell>
                  <TableCell sx={WIDE_ONLY}>Parent</TableCell>
                  <TableCell sx={WIDE_ONLY}>Mobile</TableCell>
                  <TableCell>Status</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow
                    key={row.id}
                    hover
                    onClick={() => onOpen(row)}
                    sx={{ cursor: "pointer" }}
                    tabIndex={0}
                    onKeyDown={(event) => event.key === "Enter" && onOpen(row)}
                  >
                    <TableCell sx={{ ...WIDE_ONLY, whiteSpace: "nowrap" }}>{formatDate(row.enquiry_date)}</TableCell>
                    <TableCell>
                      {row.child_name}
                      {row.has_tie_up && <Chip size="small" label="Tie-up" sx={{ ml: 1 }} />}
                      {/* On a phone the parent and mobile columns fold under the child. */}
                      <Typography variant="body2" color="text.secondary" sx={{ display: { xs: "block", md: "none" } }}>
                        {formatDate(row.enquiry_date)} · {row.parent_name} · {prettyMobile(row.mobile_number)}
                      </Typography>
                    </TableCell>
                    <TableCell sx={WIDE_ONLY}>{row.parent_name}</TableCell>
                    <TableCell sx={{ ...WIDE_ONLY, whiteSpace: "nowrap" }}>{prettyMobile(row.mobile_number)}</TableCell>
                    <TableCell>
                      <Stack direction="row" useFlexGap spacing={0.5} sx={{ flexWrap: "wrap" }}>
                        <Chip
                          size="small"
                          label={row.student_id ? "Admitted" : row.status}
                          color={STATUS_COLOURS[row.status]}
                        />
                        {row.follow_up_due && row.follow_up_date && (
                          <Chip
                            size="small"
                            variant="outlined"
                            color="warning"
                            label={`Due ${formatDate(row.follow_up_date)}`}
                            title={`Follow-up due ${formatDate(row.follow_up_date)}`}
                          />
                        )}
                      </Stack>
                    </TableCell>
                  </TableRow>
                ))}
                {!list.isLoading && rows.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={5} align="center" sx={{ py: 4, color: "text.secondary" }}>
                      {ENQUIRY_MESSAGES.empty}
                    </TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        <TablePagination
          component="div"
          count={list.data?.pagination.total_items ?? 0}
          labelDisplayedRows={({ from, to, count }) =>
            `${from}–${to} of ${count}${list.data?.pagination.total_is_lower_bound ? "+" : ""}`
          }
          page={page}
          onPageChange={(_event, next) => setPage(next)}
          rowsPerPage={limit}
          rowsPerPageOptions={[...ENQUIRY_PAGE_SIZES]}
          onRowsPerPageChange={(event) => {
            setLimit(Number(event.target.value));
            setPage(0);
          }}
        />
      </CardContent>
    </Card>
  );
}
