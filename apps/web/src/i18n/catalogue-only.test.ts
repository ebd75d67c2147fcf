import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/** Props whose text a person reads or hears: they must come from a catalogue too. */
const READ_PROPS = new Set([
  "label",
  "title",
  "subtitle",
  "placeholder",
  "aria-label",
  "helperText",
  "alt",
  "description",
  "emptyText",
]);
const WORDS = /\p{L}{2,}/u;

/**
 * The text a component renders that is not from a catalogue: JSX text with words in it, string
 * literals given to props that are read (label, title, aria-label, ...), and the English of a shared
 * message object used as it is. Returns each, by line.
 */
function literalTexts(fileName: string, source: string): { line: number; text: string }[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: { line: number; text: string }[] = [];
  const at = (node: ts.Node, text: string) =>
    found.push({ line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1, text: text.trim() });
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && WORDS.test(node.text)) at(node, node.text);
    if (ts.isJsxAttribute(node) && READ_PROPS.has(node.name.getText(file)) && node.initializer) {
      const value = node.initializer;
      const literal = ts.isJsxExpression(value) ? value.expression : value;
      if (
        literal &&
        (ts.isStringLiteral(literal) || ts.isNoSubstitutionTemplateLiteral(literal)) &&
        WORDS.test(literal.text)
      )
        at(node, literal.text);
    }
    // A shared message object's English (`PORTFOLIO_MESSAGES.loadFailed`) shown as it is.
    if (ts.isPropertyAccessExpression(node) && /_MESSAGES$/.test(node.expression.getText(file)))
      at(node, node.getText(file));
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

describe("what the web app says comes from the message catalogues", () => {
  it("no component renders a literal text: every word a person reads is from a catalogue", () => {
    const components = readdirSync(SRC, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".tsx"));
    const found = Object.fromEntries(
      components
        .map(
          (file) =>
            [
              file.split(path.sep).join("/"),
              literalTexts(file, readFileSync(path.join(SRC, file), "utf8")).map((at) => `${at.line}: ${at.text}`),
            ] as const,
        )
        .filter(([, texts]) => texts.length > 0),
    );
    expect(found).toEqual({});
  });

  it("finds what a person reads: words between tags and in read props, not class names or keys", () => {
    const source = `export const A = () => <Box sx={{ p: 2 }} data-testid="box" aria-label="Close" key="k">Hello {name}<Icon /> ·{X_MESSAGES.saved}</Box>;`;
    expect(literalTexts("a.tsx", source).map((found) => found.text)).toEqual(["Close", "Hello", "X_MESSAGES.saved"]);
  });
});
