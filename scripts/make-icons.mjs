// Makes the installed app's PNG icons from the Sprout logo (apps/web/public/favicon.svg's
// drawing, in the theme's green): 192 and 512 px "any", and a 512 px "maskable" whose sprout sits
// inside the middle 80% (the safe zone a phone's mask never cuts) on a full-bleed background.
// Run: node scripts/make-icons.mjs (the PNGs are committed; run again after changing the logo).
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../apps/web/public/icons");
const GREEN = "#2e7d5b";
const sprout =
  '<path d="M32 52V30" stroke="#fff" stroke-width="5" stroke-linecap="round"/>' +
  '<path d="M32 32c0-10-8-16-18-16 0 10 8 16 18 16z" fill="#c8e6c9"/>' +
  '<path d="M32 28c0-9 7-15 17-15 0 9-7 15-17 15z" fill="#fff"/>';

const rounded = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${GREEN}"/>${sprout}</svg>`;
// Full bleed, the drawing scaled to 70% around the centre: well inside the 80% safe circle.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${GREEN}"/><g transform="translate(32 33) scale(0.7) translate(-32 -33)">${sprout}</g></svg>`;

for (const [name, svg, size] of [
  ["icon-192.png", rounded, 192],
  ["icon-512.png", rounded, 512],
  ["maskable-512.png", maskable, 512],
  ["apple-touch-icon-180.png", maskable, 180],
]) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png()
    .toFile(path.join(out, name));
  console.log(`wrote ${name}`);
}
