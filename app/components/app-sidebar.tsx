import { ChevronsLeft, ChevronsRight, FileText, Globe, User } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useSidebar } from "~/components/sidebar-context";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";

/** One link of the panel: `also` are other paths it is active on; `exact` for a section's home; `badge` a count. */
export type SidebarEntry = {
  to: string;
  label: string;
  icon: React.ComponentType<{ className?: string; "aria-hidden"?: boolean | "true" }>;
  also?: string[];
  exact?: boolean;
  badge?: { count: number; label: string };
};

const ENTRIES: SidebarEntry[] = [
  { to: "/sites", label: "My Sites", icon: Globe, also: ["/dashboard"] },
  { to: "/tone-articles", label: "Tone Articles", icon: FileText },
  { to: "/profile", label: "Profile", icon: User },
];

function isActive(pathname: string, entry: SidebarEntry) {
  if (entry.exact) return pathname === entry.to;
  return [entry.to, ...(entry.also ?? [])].some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/**
 * Side navigation: 240px expanded, 70px collapsed; under 768px a slide-in drawer over a dark overlay
 * that closes when tapped.
 */
export function AppSidebar({
  pathname,
  entries = ENTRIES,
  label = "Navigation principale",
}: {
  pathname: string;
  entries?: SidebarEntry[];
  label?: string;
}) {
  const { collapsed, toggleCollapsed, mobileOpen, setMobileOpen } = useSidebar();
  const mobile = useIsMobile();
  useEffect(() => {
    if (!mobileOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setMobileOpen(false);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [mobileOpen, setMobileOpen]);
  return (
    <>
      <div
        data-testid="sidebar-overlay"
        aria-hidden="true"
        className={cn(
          "fixed inset-0 z-40 bg-black/60 transition-opacity md:hidden",
          mobileOpen ? "opacity-100" : "pointer-events-none opacity-0",
        )}
        onClick={() => setMobileOpen(false)}
      />
      <aside
        data-print="hide"
        id="app-sidebar"
        aria-label={label}
        data-collapsed={collapsed}
        // A closed drawer is off-screen: keep its links out of the keyboard's way too.
        inert={mobile && !mobileOpen ? true : undefined}
        className={cn(
          "fixed inset-y-0 left-0 z-50 flex w-[240px] flex-col border-r bg-sidebar text-sidebar-foreground transition-[transform,width] duration-200",
          mobileOpen ? "translate-x-0" : "-translate-x-full",
          "md:sticky md:top-16 md:z-20 md:h-[calc(100dvh-4rem)] md:translate-x-0",
          collapsed ? "md:w-[70px]" : "md:w-[240px]",
        )}
      >
        <nav className="flex flex-1 flex-col gap-1 p-3">
          {entries.map((entry) => {
            const active = isActive(pathname, entry);
            const Icon = entry.icon;
            return (
              <Link
                key={entry.to}
                to={entry.to}
                aria-current={active ? "page" : undefined}
                title={collapsed ? entry.label : undefined}
                className={cn(
                  "relative flex h-10 items-center gap-3 rounded-md px-3 text-sm font-medium outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50",
                  active ? "bg-sidebar-accent text-sidebar-accent-foreground" : "hover:bg-sidebar-accent/60",
                  collapsed && "md:justify-center md:px-0",
                )}
              >
                <Icon className="size-5 shrink-0" aria-hidden="true" />
                <span className={cn("min-w-0 flex-1 truncate", collapsed && "md:sr-only")}>{entry.label}</span>
                {entry.badge && entry.badge.count > 0 ? (
                  <span
                    className={cn(
                      "rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground tabular-nums",
                      collapsed && "md:absolute md:top-1 md:right-1 md:px-1.5",
                    )}
                  >
                    {entry.badge.count}
                    <span className="sr-only"> {entry.badge.label}</span>
                  </span>
                ) : null}
              </Link>
            );
          })}
        </nav>
        <div className="hidden border-t p-3 md:block">
          <Button
            variant="ghost"
            size="sm"
            className={cn("w-full", collapsed ? "justify-center px-0" : "justify-start")}
            onClick={toggleCollapsed}
            aria-label={collapsed ? "Déplier le menu" : "Replier le menu"}
            aria-expanded={!collapsed}
          >
            {collapsed ? <ChevronsRight aria-hidden="true" /> : <ChevronsLeft aria-hidden="true" />}
            <span className={cn(collapsed && "sr-only")}>Replier</span>
          </Button>
        </div>
      </aside>
    </>
  );
}

/** Under 768px (Tailwind's md breakpoint) the panel is a drawer. */
function useIsMobile() {
  const [mobile, setMobile] = useState(false);
  useEffect(() => {
    const query = window.matchMedia("(max-width: 767.98px)");
    const update = () => setMobile(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  return mobile;
}
