import { useLocation, useNavigation } from "react-router";

/** Whether a new view of this very screen is loading (another search, filter or page of a list). */
export function useLoadingHere(): boolean {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  return navigation.state === "loading" && navigation.location.pathname === pathname;
}
