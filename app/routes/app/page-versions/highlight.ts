/**
 * Colours of the HTML source in the code view and editor. CodeMirror's default style has tag colours
 * below the WCAG AA contrast ratio on a light background; these reach 4.5:1 or more on white. Loaded
 * in the browser only, with the editor. (@lezer/highlight comes with @codemirror/language.)
 */
import { HighlightStyle } from "@codemirror/language";
import { tags as t } from "@lezer/highlight";

export const accessibleHighlight = HighlightStyle.define([
  { tag: [t.tagName, t.typeName], color: "#1d4ed8" },
  { tag: t.attributeName, color: "#9a3412" },
  { tag: [t.attributeValue, t.string, t.special(t.string)], color: "#15803d" },
  { tag: [t.angleBracket, t.punctuation, t.bracket, t.separator], color: "#52525b" },
  { tag: t.comment, color: "#57534e", fontStyle: "italic" },
  { tag: [t.processingInstruction, t.documentMeta, t.keyword, t.modifier], color: "#7e22ce" },
  { tag: [t.character, t.escape], color: "#b91c1c" },
  { tag: [t.number, t.bool, t.atom], color: "#b45309" },
  { tag: [t.propertyName, t.definition(t.variableName)], color: "#9a3412" },
  { tag: t.invalid, color: "#b91c1c", textDecoration: "underline wavy" },
  { tag: t.emphasis, fontStyle: "italic" },
  { tag: t.strong, fontWeight: "bold" },
]);
