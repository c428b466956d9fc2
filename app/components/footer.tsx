import { BRAND_NAME } from "~/lib/constants";

export function Footer() {
  return (
    <footer className="print:hidden border-t bg-background px-6 py-4 text-center text-sm text-muted-foreground">
      © {new Date().getFullYear()} {BRAND_NAME}. Tous droits réservés.
    </footer>
  );
}
