/**
 * A small React wrapper around CodeMirror 6 (EditorView) for HTML source. CodeMirror touches the DOM,
 * so it is loaded only in the browser, after hydration (dynamic import in an effect): the server, and
 * the browser until the editor is ready, render a read-only <pre> or an editable <textarea> holding
 * the same text, so the screen works and reads the same without it.
 */
import { useEffect, useRef, useState } from "react";
import { cn } from "~/lib/utils";

type CodeEditorProps = {
  value: string;
  /** Called with the whole text on every change (editable editors). */
  onChange?: (value: string) => void;
  readOnly?: boolean;
  /** The accessible name of the text area. */
  label: string;
  className?: string;
  /** Focuses the editor once it is ready. */
  autoFocus?: boolean;
};

type Loaded = {
  view: import("@codemirror/view").EditorView;
};

const FRAME = "rounded-md border bg-muted/30 font-mono text-[13px] leading-relaxed";

export function CodeEditor({ value, onChange, readOnly = false, label, className, autoFocus }: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<Loaded | null>(null);
  const [ready, setReady] = useState(false);
  // The latest props, for the editor's listeners (created once).
  const latest = useRef({ value, onChange });
  useEffect(() => {
    latest.current = { value, onChange };
  });

  useEffect(() => {
    let cancelled = false;
    let view: Loaded["view"] | null = null;
    void (async () => {
      const [
        { EditorView, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter, drawSelection, highlightSpecialChars },
        { EditorState },
        { html },
        language,
      ] = await Promise.all([
        import("@codemirror/view"),
        import("@codemirror/state"),
        import("@codemirror/lang-html"),
        import("@codemirror/language"),
      ]);
      if (cancelled || !host.current) return;
      const [commands, { accessibleHighlight }] = await Promise.all([import("@codemirror/commands"), import("./highlight")]);
      if (cancelled || !host.current) return;
      const state = EditorState.create({
        doc: latest.current.value,
        extensions: [
          lineNumbers(),
          highlightSpecialChars(),
          drawSelection(),
          language.syntaxHighlighting(accessibleHighlight),
          language.bracketMatching(),
          html(),
          EditorView.lineWrapping,
          EditorView.contentAttributes.of({ "aria-label": label }),
          EditorState.readOnly.of(readOnly),
          EditorView.editable.of(!readOnly),
          ...(readOnly
            ? []
            : [
                highlightActiveLine(),
                highlightActiveLineGutter(),
                language.indentOnInput(),
                commands.history(),
                keymap.of([...commands.defaultKeymap, ...commands.historyKeymap]),
              ]),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) latest.current.onChange?.(update.state.doc.toString());
          }),
          EditorView.theme({
            "&": { backgroundColor: "transparent", fontSize: "13px" },
            "&.cm-focused": { outline: "none" },
            ".cm-scroller": { fontFamily: "var(--font-mono, ui-monospace, SFMono-Regular, Menlo, monospace)", lineHeight: "1.6" },
            ".cm-gutters": { backgroundColor: "transparent", borderRight: "1px solid var(--border)", color: "var(--muted-foreground)" },
            ".cm-content": { padding: "12px 0" },
            ".cm-activeLine, .cm-activeLineGutter": { backgroundColor: "color-mix(in oklab, var(--primary) 6%, transparent)" },
          }),
        ],
      });
      view = new EditorView({ state, parent: host.current });
      editor.current = { view };
      setReady(true);
      if (autoFocus) view.focus();
    })().catch(() => {
      // The fallback (<pre> or <textarea>) stays in place: the screen keeps working without CodeMirror.
    });
    return () => {
      cancelled = true;
      view?.destroy();
      editor.current = null;
      setReady(false);
    };
    // The editor is built once per mount; `value` changes are applied below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [readOnly, label]);

  // A new value from outside (another version chosen) replaces the text.
  useEffect(() => {
    const view = editor.current?.view;
    if (!view) return;
    const current = view.state.doc.toString();
    if (current !== value) view.dispatch({ changes: { from: 0, to: current.length, insert: value } });
  }, [value, ready]);

  return (
    <div className={cn(FRAME, "relative overflow-hidden", className)} data-code-editor={ready ? "ready" : "fallback"}>
      <div ref={host} className={cn("h-full", !ready && "hidden")} />
      {ready ? null : readOnly ? (
        <pre aria-label={label} className="h-full overflow-auto p-3 break-all whitespace-pre-wrap">
          {value}
        </pre>
      ) : (
        <textarea
          aria-label={label}
          value={value}
          onChange={(event) => onChange?.(event.target.value)}
          spellCheck={false}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the caller's choice, for an editor a click just opened
          autoFocus={autoFocus}
          className="block h-full min-h-80 w-full resize-y bg-transparent p-3 outline-none"
        />
      )}
    </div>
  );
}
