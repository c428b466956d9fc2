import { createContext, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { useLocation } from "react-router";

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

export function SidebarProvider({ children }: { children: React.ReactNode }) {
  const [collapsed, setCollapsed] = useState(false);
  const [mobileOpen, setMobileOpen] = useState(false);
  const location = useLocation();

  useEffect(() => {
    setCollapsed(window.localStorage.getItem(STORAGE_KEY) === "1");
  }, []);
  // A navigation closes the drawer.
  useEffect(() => setMobileOpen(false), [location.pathname]);

  const toggleCollapsed = useCallback(() => {
    setCollapsed((value) => {
      window.localStorage.setItem(STORAGE_KEY, value ? "0" : "1");
      return !value;
    });
  }, []);

  const value = useMemo(() => ({ collapsed, toggleCollapsed, mobileOpen, setMobileOpen }), [collapsed, toggleCollapsed, mobileOpen]);
  return <SidebarContext.Provider value={value}>{children}</SidebarContext.Provider>;
}

export function useSidebar() {
  const context = useContext(SidebarContext);
  if (!context) throw new Error("useSidebar must be used inside SidebarProvider");
  return context;
}
