/** The settings screen's notification preferences (how the notifications come by e-mail). French, as the screen. */
import { EMAIL_LANGUAGES, EMAIL_MODES, NOTIFICATION_KINDS, type NotificationLanguage } from "~/lib/notifications";
import { z } from "~/lib/zod";

const UNKNOWN_KIND = "Un type de notification est inconnu.";
const kind = z.enum(NOTIFICATION_KINDS, { error: UNKNOWN_KIND });

export const preferencesSchema = z.object({
  emailMode: z.enum(EMAIL_MODES, { error: "Choisissez comment recevoir les e-mails." }),
  emailLanguage: z.enum(Object.keys(EMAIL_LANGUAGES) as [NotificationLanguage, ...NotificationLanguage[]], {
    error: "Choisissez la langue des e-mails.",
  }),
  /** The ticked kinds: none (the field is absent), one (a value) or several (a list), each once. */
  emailed: z
    .union([kind, z.array(kind)], { error: UNKNOWN_KIND })
    .optional()
    .transform((value) => [...new Set(value === undefined ? [] : [value].flat())]),
});
