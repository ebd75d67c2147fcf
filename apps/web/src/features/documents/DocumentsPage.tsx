import Delete from "@mui/icons-material/Delete";
import OpenInNew from "@mui/icons-material/OpenInNew";
import UploadFile from "@mui/icons-material/UploadFile";
import {
  Alert,
  Box,
  Button,
  Card,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  MenuItem,
  Snackbar,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import { hasFeature } from "@sprout/shared/roles";
import {
  DOCUMENT_ACCEPT,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_TYPE_LABEL_IDS,
  DOCUMENT_TYPES,
  type DocumentItem,
  type DocumentType,
} from "@sprout/shared/schemas/documents";
import { useState } from "react";
import { refusalMessage } from "../../api/errors";
import { useSignedInUser } from "../../auth/useSession";
import { type Column, PagedTable } from "../../components/PagedTable/PagedTable";
import { SearchField } from "../../components/PagedTable/SearchField";
import { usePaging } from "../../components/PagedTable/usePaging";
import { formatDate } from "../../format";
import { type Say, useSay } from "../../i18n/useSay";
import { useCentres } from "../children/api";
import { openDocument, useDocumentMutations, useDocuments } from "./api";

function size(bytes: number, say: Say): string {
  if (bytes < 1024) return say("documents.sizeBytes", { size: String(bytes) });
  if (bytes < 1024 ** 2) return say("documents.sizeKb", { size: (bytes / 1024).toFixed(1) });
  if (bytes < 1024 ** 3) return say("documents.sizeMb", { size: (bytes / 1024 ** 2).toFixed(1) });
  return say("documents.sizeGb", { size: (bytes / 1024 ** 3).toFixed(1) });
}

/** Document Management: the documents of the user's centres, open, delete and upload. */
export function DocumentsPage() {
  const say = useSay();
  const user = useSignedInUser();
  const canUpload = hasFeature(user.role, "document_upload");
  const paging = usePaging();
  const documents = useDocuments(paging.query);
  const { remove } = useDocumentMutations();
  const [uploading, setUploading] = useState(false);
  const [deleting, setDeleting] = useState<DocumentItem | null>(null);
  const [notice, setNotice] = useState<{ text: string; severity: "success" | "error" } | null>(null);

  const open = async (doc: DocumentItem) => {
    // Open the tab now, while the click still counts as the user's, then load the file into it.
    const tab = window.open("", "_blank");
    try {
      await openDocument(doc.id, tab);
    } catch (error) {
      tab?.close();
      setNotice({ text: refusalMessage(error, say("documents.openFailed")), severity: "error" });
    }
  };

  const actions = (doc: DocumentItem) => (
    <>
      <Tooltip title={say("documents.open")}>
        <IconButton onClick={() => void open(doc)} aria-label={say("documents.openNamed", { name: doc.name })}>
          <OpenInNew />
        </IconButton>
      </Tooltip>
      {canUpload && (
        <Tooltip title={say("documents.delete")}>
          <IconButton
            color="error"
            onClick={() => setDeleting(doc)}
            aria-label={say("documents.deleteNamed", { name: doc.name })}
          >
            <Delete />
          </IconButton>
        </Tooltip>
      )}
    </>
  );
  const columns: Column<DocumentItem>[] = [
    { header: say("documents.columnName"), cell: (doc) => <DocumentName doc={doc} /> },
    {
      header: say("documents.columnType"),
      cell: (doc) => <Chip size="small" label={say(DOCUMENT_TYPE_LABEL_IDS[doc.type])} />,
    },
    { header: say("documents.columnUploadedBy"), cell: (doc) => doc.uploadedBy ?? "—" },
    { header: say("documents.columnDate"), cell: (doc) => formatDate(doc.uploadDate), nowrap: true },
    { header: say("documents.columnActions"), cell: actions, align: "right", nowrap: true },
  ];

  return (
    <Stack spacing={3}>
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={2}
        sx={{ justifyContent: "space-between", alignItems: { sm: "center" } }}
      >
        <Box>
          <Typography variant="h4" component="h1">
            {say("documents.pageTitle")}
          </Typography>
          <Typography color="text.secondary">{say("documents.pageIntro")}</Typography>
        </Box>
        {canUpload && (
          <Button variant="contained" startIcon={<UploadFile />} onClick={() => setUploading(true)}>
            {say("documents.uploadDocument")}
          </Button>
        )}
      </Stack>
      <Card variant="outlined">
        <Stack direction="row" sx={{ p: 2 }}>
          <SearchField paging={paging} label={say("documents.search")} />
        </Stack>
        <PagedTable
          label={say("documents.listLabel")}
          columns={columns}
          card={(doc) => (
            <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start", justifyContent: "space-between" }}>
              <Box sx={{ minWidth: 0 }}>
                <DocumentName doc={doc} />
                <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: "center", flexWrap: "wrap" }}>
                  <Chip size="small" label={say(DOCUMENT_TYPE_LABEL_IDS[doc.type])} />
                  <Typography variant="caption" color="text.secondary">
                    {formatDate(doc.uploadDate)}
                  </Typography>
                </Stack>
              </Box>
              <Box sx={{ whiteSpace: "nowrap" }}>{actions(doc)}</Box>
            </Stack>
          )}
          rowKey={(doc) => doc.id}
          page={documents.data && { rows: documents.data.documents, pagination: documents.data.pagination }}
          paging={paging}
          loading={documents.isPending}
          error={documents.isError ? say("documents.fetchFailed") : undefined}
          empty={say(paging.search ? "documents.noMatch" : "documents.noneYet")}
        />
      </Card>
      {canUpload && (
        <UploadDialog
          open={uploading}
          onClose={() => setUploading(false)}
          onDone={(name) => {
            setUploading(false);
            setNotice({ text: say("documents.uploaded", { name }), severity: "success" });
          }}
        />
      )}
      <Dialog open={Boolean(deleting)} onClose={() => setDeleting(null)} aria-labelledby="delete-document-title">
        <DialogTitle id="delete-document-title">{say("documents.deleteTitle")}</DialogTitle>
        <DialogContent>
          <DialogContentText>{say("documents.deleteWarning", { name: deleting?.name ?? "" })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)}>{say("documents.cancel")}</Button>
          <Button
            color="error"
            variant="contained"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(deleting!.id, {
                onSuccess: () =>
                  setNotice({ text: say("documents.deleted", { name: deleting!.name }), severity: "success" }),
                onError: (error) =>
                  setNotice({ text: refusalMessage(error, say("documents.deleteFailed")), severity: "error" }),
                onSettled: () => setDeleting(null),
              })
            }
          >
            {say(remove.isPending ? "documents.deleting" : "documents.delete")}
          </Button>
        </DialogActions>
      </Dialog>
      <Snackbar
        open={Boolean(notice)}
        autoHideDuration={5000}
        onClose={() => setNotice(null)}
        anchorOrigin={{ vertical: "top", horizontal: "center" }}
      >
        <Alert severity={notice?.severity ?? "success"} variant="filled" onClose={() => setNotice(null)}>
          {notice?.text}
        </Alert>
      </Snackbar>
    </Stack>
  );
}

function UploadDialog({
  open,
  onClose,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  onDone: (name: string) => void;
}) {
  const say = useSay();
  const user = useSignedInUser();
  const centres = useCentres();
  const { upload } = useDocumentMutations();
  const [file, setFile] = useState<File | null>(null);
  const [type, setType] = useState<DocumentType | "">("");
  const [description, setDescription] = useState("");
  const [centerId, setCenterId] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Staff of one centre upload to it; others choose (a super admin may leave it for everyone).
  const choosesCentre = !user.center_id && (centres.data?.length ?? 0) > 1;

  const reset = () => {
    setFile(null);
    setType("");
    setDescription("");
    setCenterId("");
    setErrors({});
    upload.reset();
  };
  const close = () => {
    reset();
    onClose();
  };
  const submit = async () => {
    const problems: Record<string, string> = {};
    if (!file) problems.file = say("documents.fileRequired");
    else if (file.size > DOCUMENT_MAX_BYTES) problems.file = say("documents.tooLarge");
    if (!type) problems.type = say("documents.typeRequired");
    if (choosesCentre && !centerId && user.role !== "super_admin") problems.center_id = say("documents.chooseCentre");
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    const form = new FormData();
    form.set("type", type);
    form.set("description", description);
    if (centerId) form.set("center_id", centerId);
    form.set("file", file!);
    try {
      const saved = await upload.mutateAsync(form);
      reset();
      onDone(saved.name);
    } catch {
      /* shown below */
    }
  };

  return (
    <Dialog
      open={open}
      onClose={upload.isPending ? undefined : close}
      fullWidth
      maxWidth="xs"
      aria-labelledby="upload-title"
    >
      <DialogTitle id="upload-title">{say("documents.uploadDocument")}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          {upload.isError && (
            <Alert severity="error">{refusalMessage(upload.error, say("documents.uploadFailed"))}</Alert>
          )}
          <Box>
            <Button variant="outlined" component="label" startIcon={<UploadFile />}>
              {say("documents.chooseFile")}
              <input
                hidden
                type="file"
                accept={DOCUMENT_ACCEPT}
                aria-label={say("documents.fileLabel")}
                onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              />
            </Button>
            <Typography
              variant="body2"
              sx={{ mt: 1, wordBreak: "break-all" }}
              color={errors.file ? "error" : "text.secondary"}
            >
              {errors.file ?? (file ? `${file.name} (${size(file.size, say)})` : say("documents.fileHint"))}
            </Typography>
          </Box>
          <TextField
            select
            label={say("documents.fieldType")}
            required
            value={type}
            onChange={(event) => setType(event.target.value as DocumentType)}
            error={Boolean(errors.type)}
            helperText={errors.type}
          >
            {DOCUMENT_TYPES.map((value) => (
              <MenuItem key={value} value={value}>
                {say(DOCUMENT_TYPE_LABEL_IDS[value])}
              </MenuItem>
            ))}
          </TextField>
          {choosesCentre && (
            <TextField
              select
              label={say("documents.fieldCentre")}
              value={centerId}
              onChange={(event) => setCenterId(event.target.value)}
              error={Boolean(errors.center_id)}
              helperText={errors.center_id ?? (user.role === "super_admin" ? say("documents.wholeOrgHint") : undefined)}
            >
              {user.role === "super_admin" && <MenuItem value="">{say("documents.wholeOrganisation")}</MenuItem>}
              {(centres.data ?? []).map((centre) => (
                <MenuItem key={centre.id} value={centre.id}>
                  {centre.center_name}
                </MenuItem>
              ))}
            </TextField>
          )}
          <TextField
            label={say("documents.fieldDescription")}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            multiline
            minRows={2}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={upload.isPending}>
          {say("documents.cancel")}
        </Button>
        <Button variant="contained" onClick={submit} disabled={upload.isPending}>
          {say(upload.isPending ? "documents.uploading" : "documents.upload")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function DocumentName({ doc }: { doc: DocumentItem }) {
  const say = useSay();
  return (
    <Box sx={{ maxWidth: 320 }}>
      <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: "break-word" }}>
        {doc.name}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ display: "block" }}>
        {[doc.description, size(doc.size, say), doc.center_name ?? say("documents.wholeOrganisation")]
          .filter(Boolean)
          .join(" · ")}
      </Typography>
    </Box>
  );
}
