/** The settings screen's notification preferences (how the notifications come by e-mail). French, as the screen. */
import { EMAIL_LANGUAGES, EMAIL_MODES, NOTIFICATION_KINDS, type NotificationLanguage } from "~/lib/notifications";
import { z } from "~/lib/zod";

export const preferencesSchema = z.object({
  emailMode: z.enum(EMAIL_MODES, { error: "Choisissez comment recevoir les e-mails." }),
  emailLanguage: z.enum(Object.keys(EMAIL_LANGUAGES) as [NotificationLanguage, ...NotificationLanguage[]], {
    error: "Choisissez la langue des e-mails.",
  }),
  emailed: z.array(z.enum(NOTIFICATION_KINDS, { error: "Un type de notification est inconnu." })).max(NOTIFICATION_KINDS.length),
});
