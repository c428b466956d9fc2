import * as React from "react";
import { Toaster as Sonner, type ToasterProps } from "sonner";
import { TOAST_DURATION_MS } from "~/lib/constants";

/** Rich-colour toast palette derived from the theme tokens (AA contrast, follows `.dark`). */
const tint = (color: string) => `color-mix(in oklab, var(${color}) 8%, var(--popover))`;
const edge = (color: string) => `color-mix(in oklab, var(${color}) 30%, var(--popover))`;

const toasterStyle = {
  "--normal-bg": "var(--popover)",
  "--normal-text": "var(--popover-foreground)",
  "--normal-border": "var(--border)",
  "--border-radius": "var(--radius)",
  "--success-bg": tint("--success"),
  "--success-text": "var(--success)",
  "--success-border": edge("--success"),
  "--info-bg": tint("--primary"),
  "--info-text": "var(--primary)",
  "--info-border": edge("--primary"),
  "--warning-bg": tint("--warning"),
  "--warning-text": "var(--warning)",
  "--warning-border": edge("--warning"),
  "--error-bg": tint("--destructive"),
  "--error-text": "var(--destructive)",
  "--error-border": edge("--destructive"),
  fontFamily: "inherit",
} as React.CSSProperties;

function Toaster({ style, ...props }: ToasterProps) {
  return (
    <Sonner
      className="toaster group"
      position="bottom-right"
      visibleToasts={1}
      duration={TOAST_DURATION_MS}
      richColors
      closeButton
      style={{ ...toasterStyle, ...style }}
      {...props}
    />
  );
}

export { Toaster };
