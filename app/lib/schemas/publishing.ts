/** The publishing screen's forms (issue 15), checked in the browser and again by the action. */
import { z } from "~/lib/zod";

export const WORDPRESS_LIMITS = { url: 2000, username: 200, applicationPassword: 200 } as const;

/** An http(s) address with a host and no user or password in it, refused with `message`. */
export const webAddress = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(WORDPRESS_LIMITS.url, `The address cannot be longer than ${WORDPRESS_LIMITS.url} characters`)
    .refine((value) => {
      try {
        const url = new URL(value);
        return (url.protocol === "https:" || url.protocol === "http:") && Boolean(url.hostname) && !url.username && !url.password;
      } catch {
        return false;
      }
    }, message);

/** The 'Publish on approval' checkbox: "on" when ticked. */
const checkbox = z
  .string({ error: "Turn 'Publish on approval' on or off" })
  .optional()
  .transform((value) => value === "on");

/** The WordPress connection: the site's address, the user, an application password (empty keeps the stored one). */
export const wordpressConnectionSchema = z.object({
  url: webAddress("Enter the WordPress site's address, starting with https://").transform((value) => {
    const url = new URL(value);
    url.hash = "";
    url.search = "";
    return url.href.replace(/\/+$/, "");
  }),
  username: z
    .string({ error: "Enter the WordPress user name" })
    .trim()
    .min(1, "Enter the WordPress user name")
    .max(WORDPRESS_LIMITS.username, `The user name cannot be longer than ${WORDPRESS_LIMITS.username} characters`),
  applicationPassword: z
    .string({ error: "Enter the application password WordPress gave you" })
    .trim()
    .max(
      WORDPRESS_LIMITS.applicationPassword,
      `The application password cannot be longer than ${WORDPRESS_LIMITS.applicationPassword} characters`,
    )
    .optional()
    .transform((value) => value ?? ""),
  publishOnApproval: checkbox,
});
export type WordPressConnectionInput = z.infer<typeof wordpressConnectionSchema>;

/** The webhook: the address each publish is POSTed to, and 'Publish on approval'. */
export const webhookSchema = z.object({
  webhookUrl: webAddress("Enter the webhook's address, starting with https://"),
  publishOnApproval: checkbox,
});
