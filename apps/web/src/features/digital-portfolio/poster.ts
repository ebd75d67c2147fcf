/** The poster's longest edge: the server makes a 480 px thumbnail from it. */
const POSTER_EDGE = 960;
/** Where the frame is taken: a second in skips the black or blurred first frame of most clips. */
const POSTER_AT_SECONDS = 1;

/**
 * A clip's poster frame, taken in the browser at upload (the server has no video decoder): the
 * clip is loaded in a detached video element, moved to about one second (half way for a shorter
 * clip) and drawn on a canvas as a JPEG. Null when this browser cannot decode the clip; it is then
 * uploaded without a poster and the gallery shows a play icon.
 */
export function posterFrame(file: File): Promise<Blob | null> {
  const url = URL.createObjectURL(file);
  const video = document.createElement("video");
  video.muted = true;
  video.playsInline = true;
  video.preload = "auto";
  const done = new Promise<Blob | null>((resolve) => {
    const draw = () => {
      const scale = Math.min(1, POSTER_EDGE / Math.max(video.videoWidth, video.videoHeight, 1));
      const canvas = document.createElement("canvas");
      canvas.width = Math.max(1, Math.round(video.videoWidth * scale));
      canvas.height = Math.max(1, Math.round(video.videoHeight * scale));
      const context = canvas.getContext("2d");
      if (!context || !video.videoWidth) return resolve(null);
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      canvas.toBlob(resolve, "image/jpeg", 0.85);
    };
    video.addEventListener("error", () => resolve(null), { once: true });
    video.addEventListener(
      "loadeddata",
      () => {
        // A recording straight from MediaRecorder reports no duration: its first frame is used.
        if (!Number.isFinite(video.duration) || video.duration <= 0) return draw();
        video.addEventListener("seeked", draw, { once: true });
        video.currentTime = Math.min(POSTER_AT_SECONDS, video.duration / 2);
      },
      { once: true },
    );
  });
  video.src = url;
  return done.finally(() => {
    video.removeAttribute("src");
    video.load();
    URL.revokeObjectURL(url);
  });
}
