import { Mail, MapPin } from "lucide-react";
import { Link } from "react-router";
import { usePublicConfig } from "~/lib/public-config";
import { BRAND_NAME } from "~/lib/constants";
import { COMPANY, COPYRIGHT_YEAR } from "~/lib/offer";
import { useWords } from "~/lib/page-lang";

/**
 * The landing pages' footer: company contact details (mail and city), Privacy Policy and Terms of Service
 * (the spec gives them no target, so they are shown as plain text, not dead links) and the copyright 2025.
 */
const WORDS = {
  en: {
    tagline: "Articles that rank on search engines and get cited by AI assistants.",
    rights: "All rights reserved.",
    privacy: "Privacy Policy",
    terms: "Terms of Service",
  },
  fr: {
    tagline: "Des articles qui se classent dans les moteurs de recherche et sont cités par les assistants IA.",
    rights: "Tous droits réservés.",
    privacy: "Politique de confidentialité",
    terms: "Conditions d'utilisation",
  },
};

export function MarketingFooter({ children }: { children?: React.ReactNode }) {
  const { contactEmail } = usePublicConfig();
  const words = useWords(WORDS);
  return (
    <footer className="border-t bg-muted/40 px-4 py-10 text-sm sm:px-6">
      <div className="mx-auto flex max-w-6xl flex-col gap-8 sm:flex-row sm:justify-between">
        <div className="max-w-sm space-y-2">
          <Link to="/" className="text-base font-semibold">
            {BRAND_NAME}
          </Link>
          <p className="text-muted-foreground">{words.tagline}</p>
          {children}
        </div>
        <address className="space-y-2 not-italic">
          <a href={`mailto:${contactEmail}`} className="flex items-center gap-2 underline-offset-4 hover:underline">
            <Mail className="size-4 text-muted-foreground" aria-hidden="true" />
            {contactEmail}
          </a>
          <p className="flex items-center gap-2">
            <MapPin className="size-4 text-muted-foreground" aria-hidden="true" />
            {COMPANY.city}, {COMPANY.country}
          </p>
        </address>
      </div>
      <div className="mx-auto mt-8 flex max-w-6xl flex-col gap-3 border-t pt-6 text-muted-foreground sm:flex-row sm:justify-between">
        <p>
          © {COPYRIGHT_YEAR} {BRAND_NAME}. {words.rights}
        </p>
        <p className="flex gap-4">
          <span>{words.privacy}</span>
          <span>{words.terms}</span>
        </p>
      </div>
    </footer>
  );
}
