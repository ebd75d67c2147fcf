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
  DOCUMENT_MESSAGES,
  DOCUMENT_TYPE_LABELS,
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
import { useCentres } from "../children/api";
import { openDocument, useDocumentMutations, useDocuments } from "./api";

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} Bytes`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
}

/** Document Management: the documents of the user's centres, open, delete and upload. */
export function DocumentsPage() {
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
      setNotice({ text: refusalMessage(error, "Could not open document"), severity: "error" });
    }
  };

  const actions = (doc: DocumentItem) => (
    <>
      <Tooltip title="Open">
        <IconButton onClick={() => void open(doc)} aria-label={`Open ${doc.name}`}>
          <OpenInNew />
        </IconButton>
      </Tooltip>
      {canUpload && (
        <Tooltip title="Delete">
          <IconButton color="error" onClick={() => setDeleting(doc)} aria-label={`Delete ${doc.name}`}>
            <Delete />
          </IconButton>
        </Tooltip>
      )}
    </>
  );
  const columns: Column<DocumentItem>[] = [
    { header: "Name", cell: (doc) => <DocumentName doc={doc} /> },
    { header: "Type", cell: (doc) => <Chip size="small" label={DOCUMENT_TYPE_LABELS[doc.type]} /> },
    { header: "Uploaded by", cell: (doc) => doc.uploadedBy ?? "—" },
    { header: "Date", cell: (doc) => formatDate(doc.uploadDate), nowrap: true },
    { header: "Actions", cell: actions, align: "right", nowrap: true },
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
            Document Management
          </Typography>
          <Typography color="text.secondary">Policies, contracts, reports and forms of your centre.</Typography>
        </Box>
        {canUpload && (
          <Button variant="contained" startIcon={<UploadFile />} onClick={() => setUploading(true)}>
            Upload Document
          </Button>
        )}
      </Stack>
      <Card variant="outlined">
        <Stack direction="row" sx={{ p: 2 }}>
          <SearchField paging={paging} label="Search by name or description" />
        </Stack>
        <PagedTable
          label="Documents"
          columns={columns}
          card={(doc) => (
            <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start", justifyContent: "space-between" }}>
              <Box sx={{ minWidth: 0 }}>
                <DocumentName doc={doc} />
                <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: "center", flexWrap: "wrap" }}>
                  <Chip size="small" label={DOCUMENT_TYPE_LABELS[doc.type]} />
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
          error={documents.isError ? DOCUMENT_MESSAGES.fetchFailed : undefined}
          empty={paging.search ? "No documents match your search." : "No documents have been uploaded yet."}
        />
      </Card>
      {canUpload && (
        <UploadDialog
          open={uploading}
          onClose={() => setUploading(false)}
          onDone={(name) => {
            setUploading(false);
            setNotice({ text: `${name} uploaded`, severity: "success" });
          }}
        />
      )}
      <Dialog open={Boolean(deleting)} onClose={() => setDeleting(null)} aria-labelledby="delete-document-title">
        <DialogTitle id="delete-document-title">Delete document?</DialogTitle>
        <DialogContent>
          <DialogContentText>{deleting?.name} will be deleted for everyone. This cannot be undone.</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)}>Cancel</Button>
          <Button
            color="error"
            variant="contained"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(deleting!.id, {
                onSuccess: () => setNotice({ text: `${deleting!.name} deleted`, severity: "success" }),
                onError: (error) =>
                  setNotice({ text: refusalMessage(error, DOCUMENT_MESSAGES.deleteFailed), severity: "error" }),
                onSettled: () => setDeleting(null),
              })
            }
          >
            {remove.isPending ? "Deleting..." : "Delete"}
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
    if (!file) problems.file = DOCUMENT_MESSAGES.fileRequired;
    else if (file.size > DOCUMENT_MAX_BYTES) problems.file = DOCUMENT_MESSAGES.tooLarge;
    if (!type) problems.type = DOCUMENT_MESSAGES.typeRequired;
    if (choosesCentre && !centerId && user.role !== "super_admin") problems.center_id = DOCUMENT_MESSAGES.chooseCentre;
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
      <DialogTitle id="upload-title">Upload Document</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          {upload.isError && (
            <Alert severity="error">{refusalMessage(upload.error, DOCUMENT_MESSAGES.uploadFailed)}</Alert>
          )}
          <Box>
            <Button variant="outlined" component="label" startIcon={<UploadFile />}>
              Choose file
              <input
                hidden
                type="file"
                accept={DOCUMENT_ACCEPT}
                aria-label="File"
                onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              />
            </Button>
            <Typography
              variant="body2"
              sx={{ mt: 1, wordBreak: "break-all" }}
              color={errors.file ? "error" : "text.secondary"}
            >
              {errors.file ?? (file ? `${file.name} (${size(file.size)})` : "PDF, image or Office file, up to 10 MB")}
            </Typography>
          </Box>
          <TextField
            select
            label="Type"
            required
            value={type}
            onChange={(event) => setType(event.target.value as DocumentType)}
            error={Boolean(errors.type)}
            helperText={errors.type}
          >
            {DOCUMENT_TYPES.map((value) => (
              <MenuItem key={value} value={value}>
                {DOCUMENT_TYPE_LABELS[value]}
              </MenuItem>
            ))}
          </TextField>
          {choosesCentre && (
            <TextField
              select
              label="Centre"
              value={centerId}
              onChange={(event) => setCenterId(event.target.value)}
              error={Boolean(errors.center_id)}
              helperText={
                errors.center_id ??
                (user.role === "super_admin" ? "Leave empty to share with the whole organisation" : undefined)
              }
            >
              {user.role === "super_admin" && <MenuItem value="">Whole organisation</MenuItem>}
              {(centres.data ?? []).map((centre) => (
                <MenuItem key={centre.id} value={centre.id}>
                  {centre.center_name}
                </MenuItem>
              ))}
            </TextField>
          )}
          <TextField
            label="Description"
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            multiline
            minRows={2}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={upload.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} disabled={upload.isPending}>
          {upload.isPending ? "Uploading..." : "Upload"}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function DocumentName({ doc }: { doc: DocumentItem }) {
  return (
    <Box sx={{ maxWidth: 320 }}>
      <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: "break-word" }}>
        {doc.name}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ display: "block" }}>
        {[doc.description, size(doc.size), doc.center_name ?? "Whole organisation"].filter(Boolean).join(" · ")}
      </Typography>
    </Box>
  );
}
