/** The auth forms' schemas, used in the browser for fast feedback and again in the actions. */
import { z } from "~/lib/zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/lib/constants";

export const PASSWORD_MISMATCH = "Les mots de passe ne correspondent pas";
const PASSWORD_TOO_LONG = `Le mot de passe ne peut pas dépasser ${PASSWORD_MAX_LENGTH} caractères`;
const NAME_TOO_LONG = "Le nom ne peut pas dépasser 120 caractères";

/** An e-mail address, trimmed and lowercased (every form that asks for one). */
export const emailField = z
  .string({ error: "L'adresse e-mail est requise" })
  .trim()
  .min(1, "L'adresse e-mail est requise")
  .pipe(z.email("Veuillez saisir une adresse e-mail valide"))
  .transform((v) => v.toLowerCase());

const newPassword = z
  .string({ error: "Le mot de passe est requis" })
  .min(1, "Le mot de passe est requis")
  .min(PASSWORD_MIN_LENGTH, `Le mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères`)
  .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG);

export const signInSchema = z.object({
  email: emailField,
  password: z
    .string({ error: "Le mot de passe est requis" })
    .min(1, "Le mot de passe est requis")
    .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG),
});

/** The full name the sign-up forms ask for (optional). */
const fullName = z.string({ error: "Saisissez votre nom." }).trim().max(120, NAME_TOO_LONG).optional().default("");

export const signUpSchema = z
  .object({
    fullName,
    email: emailField,
    password: newPassword,
    confirmPassword: z.string({ error: "Veuillez confirmer le mot de passe" }),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], message: PASSWORD_MISMATCH });

export const resetRequestSchema = z.object({ email: emailField });

export const CURRENT_PASSWORD_REQUIRED = "Le mot de passe actuel est requis";
/** A token that is no text (only a changed page posts one) is said like a dead link, as update-password.tsx says it. */
const INVALID_LINK = "Ce lien est invalide ou a expiré. Demandez-en un nouveau.";

/** With a reset link's token, the token is the proof; without one (signed in), the current password is. */
export const updatePasswordSchema = z
  .object({
    currentPassword: z.string({ error: CURRENT_PASSWORD_REQUIRED }).max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG).optional(),
    password: newPassword,
    confirmPassword: z.string({ error: "Veuillez confirmer le mot de passe" }),
    token: z.string({ error: INVALID_LINK }).optional(),
  })
  .refine((v) => Boolean(v.token) || Boolean(v.currentPassword), { path: ["currentPassword"], message: CURRENT_PASSWORD_REQUIRED })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], message: PASSWORD_MISMATCH });

export const TWO_FACTOR_CODE_REQUIRED = "Le code est requis";

/** The second step of a sign-in: a code of the authenticator app (6 digits), or one of the backup codes. */
export const twoFactorCodeSchema = z.object({
  code: z
    .string({ error: TWO_FACTOR_CODE_REQUIRED })
    .trim()
    .min(1, TWO_FACTOR_CODE_REQUIRED)
    .max(40, "Ce code est trop long")
    .transform((v) => v.replace(/\s+/g, "")),
  /** '1' when the code is a backup code (the screen's own switch). */
  backup: z.enum(["1"], { error: "Rechargez la page, puis saisissez de nouveau votre code." }).optional(),
});

/** Turning two-factor sign-in on: the password first, then a code of the app to prove it is set up. */
export const twoFactorEnableSchema = z.object({
  password: z.string({ error: "Le mot de passe est requis" }).min(1, "Le mot de passe est requis").max(PASSWORD_MAX_LENGTH),
});
export const twoFactorVerifySchema = z.object({
  code: z
    .string({ error: TWO_FACTOR_CODE_REQUIRED })
    .trim()
    .regex(/^\d{6}$/, "Saisissez les 6 chiffres affichés par l'application"),
});

/** The sign-up of an invitation (issue 14): the address is the invitation's, so only the name and the password. */
export const invitationSignUpSchema = z
  .object({
    fullName,
    password: newPassword,
    confirmPassword: z.string({ error: "Veuillez confirmer le mot de passe" }),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], message: PASSWORD_MISMATCH });
