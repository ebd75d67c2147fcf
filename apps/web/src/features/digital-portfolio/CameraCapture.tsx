import CameraAlt from "@mui/icons-material/CameraAlt";
import Videocam from "@mui/icons-material/Videocam";
import VideocamOff from "@mui/icons-material/VideocamOff";
import { Alert, Box, Button, Stack, Typography } from "@mui/material";
import type { MessageId } from "@sprout/shared/i18n/catalogues";
import { CAMERA_MAX_PHOTOS } from "@sprout/shared/schemas/digital-portfolio";
import { useEffect, useRef, useState } from "react";
import { useSay } from "../../i18n/useSay";

/** The spec's camera messages (spec 1 §8, "Camera"), as catalogue ids. */
export const CAMERA_MESSAGE_IDS = {
  notSupported: "digitalPortfolio.cameraNotSupported",
  noCamera: "digitalPortfolio.cameraNoCamera",
  accessFailed: "digitalPortfolio.cameraAccessFailed",
  startFailed: "digitalPortfolio.cameraStartFailed",
  denied: "digitalPortfolio.cameraDenied",
  captureFailed: "digitalPortfolio.cameraCaptureFailed",
  uploadFailed: "digitalPortfolio.cameraUploadFailed",
  noneAvailable: "digitalPortfolio.cameraNoneAvailable",
} as const satisfies Record<string, MessageId>;

function startError(error: unknown): MessageId {
  const name = (error as { name?: string }).name;
  if (name === "NotFoundError" || name === "OverconstrainedError") return CAMERA_MESSAGE_IDS.noCamera;
  if (name === "NotAllowedError" || name === "SecurityError") return CAMERA_MESSAGE_IDS.denied;
  if (name === "NotReadableError" || name === "AbortError") return CAMERA_MESSAGE_IDS.accessFailed;
  return CAMERA_MESSAGE_IDS.startFailed;
}

/**
 * The Camera tab (spec 1 "Camera capture"): off, then on, then photos captured (n/10, the button
 * disabled at 10, or when the files to upload are already as many as one upload takes), which
 * join the files to upload with capture method "camera".
 */
export function CameraCapture({
  taken,
  full,
  onCapture,
}: {
  taken: number;
  full: boolean;
  onCapture: (file: File, size: { width: number; height: number }) => void;
}) {
  const say = useSay();
  const video = useRef<HTMLVideoElement>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [error, setError] = useState<MessageId | null>(null);
  /** A frame can be taken once the preview plays (before that the video has no size). */
  const [playing, setPlaying] = useState(false);

  useEffect(
    () => () => {
      for (const track of stream?.getTracks() ?? []) track.stop();
    },
    [stream],
  );
  useEffect(() => {
    if (video.current && stream) video.current.srcObject = stream;
  }, [stream]);

  const start = async () => {
    setError(null);
    if (!navigator.mediaDevices?.getUserMedia) return setError(CAMERA_MESSAGE_IDS.notSupported);
    try {
      const devices = await navigator.mediaDevices.enumerateDevices();
      if (!devices.some((device) => device.kind === "videoinput")) return setError(CAMERA_MESSAGE_IDS.noneAvailable);
      setStream(
        await navigator.mediaDevices.getUserMedia({
          video: { width: { ideal: 1920 }, height: { ideal: 1080 }, facingMode: "environment" },
          audio: false,
        }),
      );
    } catch (failure) {
      setError(startError(failure));
    }
  };

  const stop = () => {
    setStream(null);
    setPlaying(false);
  };

  const capture = () => {
    const source = video.current;
    try {
      if (!source || source.videoWidth === 0) throw new Error("no frame");
      const canvas = document.createElement("canvas");
      canvas.width = source.videoWidth;
      canvas.height = source.videoHeight;
      canvas.getContext("2d")!.drawImage(source, 0, 0);
      canvas.toBlob(
        (blob) => {
          if (!blob) return setError(CAMERA_MESSAGE_IDS.captureFailed);
          const name = `camera-${new Date().toISOString().replace(/[:.]/g, "-")}.jpg`;
          onCapture(new File([blob], name, { type: "image/jpeg" }), { width: canvas.width, height: canvas.height });
        },
        "image/jpeg",
        0.85,
      );
    } catch {
      setError(CAMERA_MESSAGE_IDS.captureFailed);
    }
  };

  return (
    <Stack spacing={1}>
      {stream ? (
        <Box
          component="video"
          ref={video}
          autoPlay
          playsInline
          muted
          onPlaying={() => setPlaying(true)}
          aria-label={say("digitalPortfolio.cameraPreview")}
          sx={{ width: "100%", maxHeight: 360, bgcolor: "black", borderRadius: 1 }}
        />
      ) : (
        <Typography color="text.secondary">{say("digitalPortfolio.cameraOff")}</Typography>
      )}
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }}>
        {stream ? (
          <>
            <Button
              variant="contained"
              startIcon={<CameraAlt />}
              onClick={capture}
              disabled={!playing || full || taken >= CAMERA_MAX_PHOTOS}
            >
              {say("digitalPortfolio.capture")}
            </Button>
            <Button startIcon={<VideocamOff />} onClick={stop}>
              {say("digitalPortfolio.stopCamera")}
            </Button>
          </>
        ) : (
          <Button variant="outlined" startIcon={<Videocam />} onClick={start}>
            {say("digitalPortfolio.startCamera")}
          </Button>
        )}
        <Typography aria-label={say("digitalPortfolio.photosCaptured")} data-testid="camera-counter">
          {taken}/{CAMERA_MAX_PHOTOS}
        </Typography>
      </Stack>
      {error && <Alert severity="error">{say(error)}</Alert>}
    </Stack>
  );
}
