import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

/** Every URL of the product, grouped as in the specification's route tables. */
export default [
  // Public side (spec part 3).
  index("routes/public/home.tsx"),
  route("maintenance", "routes/public/maintenance.tsx"),
  route("login", "routes/public/to-auth.tsx", { id: "login" }),
  route("signup", "routes/public/to-auth.tsx", { id: "signup" }),
  route("view/:versionId", "routes/public/view.tsx"),

  // Accounts (spec part 1).
  ...prefix("auth", [
    index("routes/auth/auth.tsx"),
    route("update-password", "routes/auth/update-password.tsx"),
    route("confirm", "routes/auth/confirm.tsx"),
    route("sign-out", "routes/auth/sign-out.tsx"),
  ]),

  // Signed-in area: the layout guards every route below it.
  layout("routes/app/layout.tsx", [
    route("dashboard", "routes/app/sites.tsx", { id: "dashboard" }),
    route("sites", "routes/app/sites.tsx", { id: "sites" }),
    route("profile", "routes/app/profile.tsx"),
    route("settings", "routes/app/settings.tsx"),
    route("tone-articles", "routes/app/tone-articles.tsx"),
    ...prefix("sites/:siteId", [
      index("routes/app/site-detail.tsx"),
      route("pages", "routes/app/pages.tsx"),
      route("pages/:pageId", "routes/app/page-detail.tsx"),
      route("pages/:pageId/page-versions", "routes/app/page-versions.tsx"),
      route("pages/:pageId/keywords-for-page", "routes/app/keywords.tsx"),
      route("pages/:pageId/llm-answers-for-page", "routes/app/llm-answers.tsx"),
      route("pages/:pageId/images", "routes/app/images.tsx"),
    ]),
    route("review/:versionId", "routes/app/review.tsx"),
  ]),

  // Resource routes (no UI).
  ...prefix("api", [
    route("health", "routes/api/health.ts"),
    route("auth/*", "routes/api/auth.ts"),
    route("files/:bucket/*", "routes/api/files.ts"),
    route("countries", "routes/api/countries.ts"),
    route("countries/:countryId/languages", "routes/api/languages.ts"),
    route("tone-groups", "routes/api/tone-groups.ts"),
  ]),

  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;
