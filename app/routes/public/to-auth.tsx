import { redirect } from "react-router";

/** /login and /signup: the auth screen has both. */
export function loader() {
  return redirect("/auth");
}
