import { useRouteLoaderData } from "react-router";

/** What every page may show of the server's configuration (nothing secret): set by the root loader. */
export type PublicConfig = {
  /** PUBLIC_URL without a trailing slash. */
  origin: string;
  /** The team's address (CONTACT_EMAIL): footers, mailto links, the contact form's error notice. */
  contactEmail: string;
  /** The card-payment link of the 1€ trial (PAYMENT_LINK_URL), or the first-article form when unset. */
  paymentLinkUrl: string;
};

const FALLBACK: PublicConfig = { origin: "", contactEmail: "", paymentLinkUrl: "/first-article" };

export function usePublicConfig(): PublicConfig {
  const data = useRouteLoaderData("root") as { publicConfig?: PublicConfig } | undefined;
  return data?.publicConfig ?? FALLBACK;
}
