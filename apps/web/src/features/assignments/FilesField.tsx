import AttachFile from "@mui/icons-material/AttachFile";
import { Alert, Button, Typography } from "@mui/material";
import { useSay } from "../../i18n/useSay";
import { ACCEPT, checkFiles } from "./files";

/** Choose an assignment's or a submission's files: checked as the server checks them, then listed. */
export function FilesField({
  label,
  inputLabel,
  files,
  error,
  onPicked,
}: {
  label: string;
  /** Names the hidden file input for assistive technology and tests. */
  inputLabel: string;
  files: File[];
  error: string | null;
  onPicked: (picked: ReturnType<typeof checkFiles>) => void;
}) {
  const say = useSay();
  return (
    <>
      <Button component="label" variant="outlined" startIcon={<AttachFile />} sx={{ alignSelf: "flex-start" }}>
        {label}
        <input
          hidden
          type="file"
          multiple
          accept={ACCEPT}
          aria-label={inputLabel}
          onChange={(event) => onPicked(checkFiles(event.target.files, say))}
        />
      </Button>
      {error && <Alert severity="error">{error}</Alert>}
      {files.length > 0 && (
        <Typography variant="body2" color="text.secondary">
          {files.map((file) => file.name).join(", ")}
        </Typography>
      )}
    </>
  );
}
