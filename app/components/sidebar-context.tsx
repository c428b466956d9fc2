import { createContext, useCallback, useContext, useMemo, useState, useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import { useOnChange } from "~/lib/use-on-change";

type SidebarState = {
  /** Desktop: the panel is collapsed to 70px. */
  collapsed: boolean;
  toggleCollapsed: () => void;
  /** Under 768px: the drawer is open. */
  mobileOpen: boolean;
  setMobileOpen: (open: boolean) => void;
};

const SidebarContext = createContext<SidebarState | null>(null);
const STORAGE_KEY = "sidebar-collapsed";

/** The desktop panel's collapsed flag, kept in localStorage (false while rendering on the server). */
const collapsedFlag = {
  listeners: new Set<() => void>(),
  subscribe(listener: () => void) {
    collapsedFlag.listeners.add(listener);
    window.addEventListener("storage", listener);
    return () => {
      collapsedFlag.listeners.delete(listener);
      window.removeEventListener("storage", listener);
    };
  },
  read: () => window.localStorage.getItem(STORAGE_KEY) === "1",
  onServer: () => false,
  write(value: boolean) {
    window.localStorage.setItem(STORAGE_KEY, value ? "1" : "0");
    for (const listener of collapsedFlag.listeners) listener();
  },
};

export function SidebarProvider({ children }: { children: React.ReactNode }) {
  const collapsed = useSyncExternalStore(collapsedFlag.subscribe, collapsedFlag.read, collapsedFlag.onServer);
  const [mobileOpen, setMobileOpen] = useState(false);
  const location = useLocation();

  // A navigation closes the drawer.
  useOnChange(location.pathname, () => setMobileOpen(false));

  const toggleCollapsed = useCallback(() => collapsedFlag.write(!collapsedFlag.read()), []);

  const value = useMemo(() => ({ collapsed, toggleCollapsed, mobileOpen, setMobileOpen }), [collapsed, toggleCollapsed, mobileOpen]);
  return <SidebarContext.Provider value={value}>{children}</SidebarContext.Provider>;
}

export function useSidebar() {
  const context = useContext(SidebarContext);
  if (!context) throw new Error("useSidebar must be used inside SidebarProvider");
  return context;
}
