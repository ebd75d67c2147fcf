import AddPhotoAlternate from "@mui/icons-material/AddPhotoAlternate";
import {
  Alert,
  AlertTitle,
  Autocomplete,
  Box,
  Button,
  LinearProgress,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
} from "@mui/material";
import { type ChildConsent, PORTFOLIO_BATCH_MAX, uploadFields } from "@sprout/shared/schemas/digital-portfolio";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { useSay } from "../../i18n/useSay";
import { zodResolver } from "../../i18n/zodResolver";
import { CONSENT_LABELS, uploadWithProgress, usePortfolioMutations } from "./api";
import { CAMERA_MESSAGE_IDS, CameraCapture } from "./CameraCapture";
import { ImageEditor } from "./ImageEditor";
import { PosterPreview } from "./PosterPreview";
import { posterFrame } from "./poster";

export interface Pending {
  key: string;
  file: File;
  /** 0..1 while sending. */
  progress: number;
  camera: boolean;
  edited: boolean;
  capturedAt: string;
  width?: number;
  height?: number;
  /** A clip's poster frame: "pending" while the browser takes it, null when it cannot. */
  poster?: Blob | null | "pending";
}

type Values = z.input<typeof uploadFields>;

/**
 * The teacher's upload (spec 1): photos from the device's gallery or the camera, edited if wanted,
 * for a child whose parent consents; one file goes to the single upload, several to the batch.
 */
export function UploadPanel({
  options,
  childId,
  onDone,
}: {
  options: ChildConsent[];
  childId: string;
  onDone: () => void;
}) {
  const say = useSay();
  const [source, setSource] = useState<"gallery" | "camera">("gallery");
  const [pending, setPending] = useState<Pending[]>([]);
  const [editing, setEditing] = useState<number | null>(null);
  const [failure, setFailure] = useState<{ reason: string; camera: boolean } | null>(null);
  /** Files were left out because the list already held as many as one upload takes. */
  const [dropped, setDropped] = useState(false);
  const [busy, setBusy] = useState(false);
  const { uploaded } = usePortfolioMutations();
  const form = useForm<Values, unknown, z.output<typeof uploadFields>>({
    resolver: zodResolver(uploadFields),
    mode: "onBlur",
    values: { childId, taggedChildIds: "", title: "", description: "" },
  });
  const chosen = options.find((child) => child.child_id === form.watch("childId"));
  const tagged = form.watch("taggedChildIds") ?? "";
  const groupIds = tagged ? tagged.split(",") : [];
  const blocked =
    chosen?.consent === "none"
      ? say("digitalPortfolio.noConsent", { name: chosen.child_name })
      : chosen?.consent === "own" && groupIds.length > 0
        ? say("digitalPortfolio.noGroupConsent", { name: chosen.child_name })
        : null;

  const full = pending.length >= PORTFOLIO_BATCH_MAX;
  /** Adds what fits in one upload and says so when some did not fit (never dropped silently). */
  const append = (added: Pending[]) => {
    if (pending.length + added.length > PORTFOLIO_BATCH_MAX) setDropped(true);
    setPending((current) => [...current, ...added.slice(0, Math.max(0, PORTFOLIO_BATCH_MAX - current.length))]);
  };
  const remove = (index: number) => {
    setDropped(false);
    setPending((current) => current.filter((_, at) => at !== index));
  };

  const add = (files: File[]) => {
    const added = files.map(
      (file): Pending => ({
        key: crypto.randomUUID(),
        file,
        progress: 0,
        camera: false,
        edited: false,
        capturedAt: new Date(file.lastModified).toISOString(),
        ...(file.type.startsWith("video/") && { poster: "pending" as const }),
      }),
    );
    append(added);
    for (const item of added.filter((one) => one.poster === "pending"))
      void posterFrame(item.file).then((poster) =>
        setPending((current) => current.map((one) => (one.key === item.key ? { ...one, poster } : one))),
      );
  };
  const postersPending = pending.some((item) => item.poster === "pending");

  const send = form.handleSubmit(async (values) => {
    setFailure(null);
    const single = pending.length === 1;
    const fromCamera = pending.some((item) => item.camera);
    const body = new FormData();
    body.set("childId", values.childId);
    if (values.taggedChildIds.length) body.set("taggedChildIds", values.taggedChildIds.join(","));
    if (values.title) body.set("title", values.title);
    if (values.description) body.set("description", values.description);
    pending.forEach((item, index) => {
      // Each file says how it was taken: a batch can mix camera shots and gallery files.
      body.set(single ? "captureMethod" : `captureMethod[${index}]`, item.camera ? "camera" : "upload");
      const metadata = JSON.stringify({
        timestamp: item.capturedAt,
        edited: item.edited,
        ...(item.width && { width: item.width, height: item.height }),
      });
      body.set(single ? "captureMetadata" : `captureMetadata[${index}]`, metadata);
      body.append(single ? "file" : "files", item.file, item.file.name);
      if (item.poster instanceof Blob) body.append(single ? "poster" : `poster[${index}]`, item.poster, "poster.jpg");
    });
    // Progress per file: the form sends the files in order, so each file's share of the bytes follows the one before it.
    const total = pending.reduce((sum, item) => sum + item.file.size, 0) || 1;
    setBusy(true);
    try {
      await uploadWithProgress(
        single ? "/digital-portfolio/upload" : "/digital-portfolio/batch-upload",
        body,
        (done) => {
          let offset = 0;
          setPending((current) =>
            current.map((item) => {
              const share = Math.min(1, Math.max(0, (done * total - offset) / (item.file.size || 1)));
              offset += item.file.size;
              return { ...item, progress: share };
            }),
          );
        },
        say,
      );
      setPending([]);
      setDropped(false);
      form.reset({ childId: values.childId, taggedChildIds: "", title: "", description: "" });
      await uploaded();
      onDone();
    } catch (error) {
      setFailure({
        reason: error instanceof Error ? error.message : say("digitalPortfolio.uploadFailed"),
        camera: fromCamera,
      });
      setPending((current) => current.map((item) => ({ ...item, progress: 0 })));
    } finally {
      setBusy(false);
    }
  });

  const editingItem = editing === null ? null : pending[editing];
  return (
    <Box component="form" onSubmit={send} noValidate aria-label={say("digitalPortfolio.uploadPhotos")}>
      <Stack spacing={2}>
        {chosen && (
          <Typography variant="body2" color="text.secondary">
            {say("digitalPortfolio.consentLine", { consent: say(CONSENT_LABELS[chosen.consent]) })}
          </Typography>
        )}
        <Controller
          control={form.control}
          name="taggedChildIds"
          render={({ field }) => (
            <Autocomplete
              multiple
              options={options.filter((child) => child.child_id !== chosen?.child_id && child.consent === "group")}
              getOptionLabel={(child) => child.child_name}
              value={options.filter((child) => (field.value ?? "").split(",").includes(child.child_id))}
              onChange={(_, value) => field.onChange(value.map((child) => child.child_id).join(","))}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={say("digitalPortfolio.otherChildren")}
                  helperText={say("digitalPortfolio.tagHint")}
                />
              )}
            />
          )}
        />
        <TextField label={say("digitalPortfolio.title")} {...form.register("title")} />
        <TextField
          label={say("digitalPortfolio.description")}
          multiline
          minRows={2}
          {...form.register("description")}
        />
        <Tabs value={source} onChange={(_, value) => setSource(value)} aria-label={say("digitalPortfolio.photoSource")}>
          <Tab value="gallery" label={say("digitalPortfolio.sourceGallery")} />
          <Tab value="camera" label={say("digitalPortfolio.sourceCamera")} />
        </Tabs>
        {source === "gallery" ? (
          <Button
            component="label"
            variant="outlined"
            startIcon={<AddPhotoAlternate />}
            sx={{ alignSelf: "flex-start" }}
          >
            {say("digitalPortfolio.choosePhotos")}
            <input
              hidden
              type="file"
              multiple
              accept="image/jpeg,image/png,image/webp,image/gif,video/mp4,video/webm,video/quicktime"
              data-testid="portfolio-files"
              onChange={(event) => {
                add([...(event.target.files ?? [])]);
                event.target.value = "";
              }}
            />
          </Button>
        ) : (
          <CameraCapture
            taken={pending.filter((item) => item.camera).length}
            full={full}
            onCapture={(file, size) =>
              append([
                {
                  key: crypto.randomUUID(),
                  file,
                  progress: 0,
                  camera: true,
                  edited: false,
                  capturedAt: new Date().toISOString(),
                  ...size,
                },
              ])
            }
          />
        )}
        {(dropped || full) && (
          <Alert severity={dropped ? "warning" : "info"}>
            {say("digitalPortfolio.tooManyFiles")}
            {dropped && say("digitalPortfolio.filesNotAdded")}
          </Alert>
        )}
        {pending.length > 0 && (
          <Stack
            component="ul"
            spacing={1}
            sx={{ listStyle: "none", p: 0, m: 0 }}
            aria-label={say("digitalPortfolio.filesToUpload")}
          >
            {pending.map((item, index) => (
              <Box component="li" key={item.key}>
                <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
                  {item.poster !== undefined && <PosterPreview poster={item.poster} name={item.file.name} />}
                  <Typography variant="body2" sx={{ flex: 1, minWidth: 0 }} noWrap>
                    {item.file.name}
                    {item.edited && say("digitalPortfolio.edited")}
                  </Typography>
                  {item.file.type.startsWith("image/") && (
                    <Button size="small" onClick={() => setEditing(index)} disabled={busy}>
                      {say("digitalPortfolio.edit")}
                    </Button>
                  )}
                  <Button size="small" disabled={busy} onClick={() => remove(index)}>
                    {say("digitalPortfolio.remove")}
                  </Button>
                </Stack>
                <LinearProgress
                  variant="determinate"
                  value={Math.round(item.progress * 100)}
                  aria-label={say("digitalPortfolio.uploadProgress", { name: item.file.name })}
                />
              </Box>
            ))}
          </Stack>
        )}
        {blocked && <Alert severity="warning">{blocked}</Alert>}
        {failure && (
          <Alert severity="error">
            {/* The camera's own message (spec 1), with the server's reason when it gave one. */}
            {failure.camera && <AlertTitle>{say(CAMERA_MESSAGE_IDS.uploadFailed)}</AlertTitle>}
            {failure.camera && failure.reason === say("digitalPortfolio.uploadFailed") ? null : failure.reason}
          </Alert>
        )}
        <Button
          type="submit"
          variant="contained"
          disabled={busy || postersPending || pending.length === 0 || Boolean(blocked)}
        >
          {busy
            ? say("digitalPortfolio.uploading")
            : postersPending
              ? say("digitalPortfolio.takingPosters")
              : pending.length > 1
                ? say("digitalPortfolio.uploadFiles", { count: pending.length })
                : say("digitalPortfolio.upload")}
        </Button>
      </Stack>
      {editingItem && (
        <ImageEditor
          file={editingItem.file}
          onCancel={() => setEditing(null)}
          onSave={(file) => {
            setPending((current) =>
              current.map((item, at) => (at === editing ? { ...item, file, edited: true } : item)),
            );
            setEditing(null);
          }}
        />
      )}
    </Box>
  );
}
