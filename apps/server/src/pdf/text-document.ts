import PDFDocument from "pdfkit";

export interface TextDocument {
  title: string;
  /** The line under the title (the centre, or the organisation). */
  from: string;
  sections: { heading: string; body: string }[];
}

/**
 * A plain A4 document of headings and paragraphs in the standard PDF fonts (nothing embedded, so
 * it is small and quick to make): the demo's handbooks, forms and reports.
 */
export function renderTextPdf(document: TextDocument): Promise<Buffer> {
  const doc = new PDFDocument({ size: "A4", margin: 56, info: { Title: document.title, Author: document.from } });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const green = "#2e7d5b";
  doc.rect(0, 0, doc.page.width, 8).fill(green);
  doc.fillColor(green).font("Helvetica-Bold").fontSize(20).text(document.title, 56, 40);
  doc.fillColor("#555555").font("Helvetica").fontSize(10).text(document.from);
  doc.moveDown(1.5);
  for (const section of document.sections) {
    doc.fillColor("#000000").font("Helvetica-Bold").fontSize(12).text(section.heading);
    doc.moveDown(0.3);
    doc.font("Helvetica").fontSize(10.5).text(section.body, { align: "left", lineGap: 2 });
    doc.moveDown(1);
  }
  doc.end();
  return done;
}
