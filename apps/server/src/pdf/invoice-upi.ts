import type { IntlShape } from "@formatjs/intl";
import QRCode from "qrcode";
import { write } from "./fonts.ts";

const QR_SIZE = 96;

/**
 * While an invoice can be paid by UPI (the centre has a UPI ID, the invoice is neither paid nor
 * cancelled), its PDF carries the QR of its `upi://pay` link and the UPI ID, so a printed or
 * forwarded invoice can be paid from any UPI app. The QR is drawn as vector squares from the
 * code's modules: sharp at any zoom and no image to embed. Answers where the next block starts.
 */
export function drawInvoiceUpi(
  doc: PDFKit.PDFDocument,
  centre: { name: string; upi?: UpiLink | null },
  say: IntlShape["formatMessage"],
  at: { left: number; width: number; y: number },
): number {
  const upi = centre.upi;
  if (!upi) return at.y;
  let y = at.y + 16;
  if (y + QR_SIZE + 24 > doc.page.height - 80) {
    doc.addPage();
    y = 50;
  }
  const { modules } = QRCode.create(upi.uri, { errorCorrectionLevel: "M" });
  const quiet = 2;
  const cell = QR_SIZE / (modules.size + quiet * 2);
  doc.rect(at.left, y, QR_SIZE, QR_SIZE).fill("#ffffff");
  doc.fillColor("#000000");
  for (let row = 0; row < modules.size; row++)
    for (let column = 0; column < modules.size; column++)
      if (modules.get(row, column))
        doc.rect(at.left + (column + quiet) * cell, y + (row + quiet) * cell, cell, cell).fill();
  const textLeft = at.left + QR_SIZE + 16;
  const textWidth = at.width - QR_SIZE - 16;
  write(doc.fillColor("#000"), say({ id: "payByUpi.pdfTitle" }), { weight: "bold", size: 11 }, textLeft, y + 8, {
    width: textWidth,
  });
  write(doc, say({ id: "payByUpi.pdfScan" }), { weight: "regular", size: 10 }, textLeft, doc.y + 4, {
    width: textWidth,
  });
  write(doc, say({ id: "payByUpi.pdfUpiId" }, { vpa: upi.vpa }), { weight: "bold", size: 10 }, textLeft, doc.y + 4, {
    width: textWidth,
  });
  write(
    doc.fillColor("#555555"),
    say({ id: "payByUpi.pdfPayee" }, { name: upi.payeeName }),
    { weight: "regular", size: 9 },
    textLeft,
    doc.y + 2,
    {
      width: textWidth,
    },
  );
  return Math.max(y + QR_SIZE, doc.y) + 8;
}

export interface UpiLink {
  uri: string;
  vpa: string;
  payeeName: string;
  amountPaise: number;
}
