import { Link } from "react-router";
import { Footer } from "~/components/footer";

/** The page of an address that does not exist (the catch-all route), also shown for the console's addresses to anyone but the team. */
export function NotFoundPage() {
  return (
    <>
      <main className="mx-auto flex max-w-lg flex-1 flex-col items-center justify-center gap-4 px-6 py-16 text-center">
        <p className="text-6xl font-bold text-primary">404</p>
        <h1 className="text-2xl font-semibold">Oops! Page not found</h1>
        <Link to="/" className="text-primary underline underline-offset-4">
          Return to Home
        </Link>
      </main>
      <Footer />
    </>
  );
}
