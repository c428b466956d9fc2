import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

/** Every URL of the product, grouped as in the specification's route tables. */
export default [
  // Public side (spec part 3).
  index("routes/public/home.tsx", { id: "home" }),
  route("home-4-pricing-google-2-why-ai", "routes/public/home.tsx", { id: "home-4-pricing-google-2-why-ai" }),
  route("maintenance", "routes/public/maintenance.tsx"),
  route("home-1", "routes/public/home-1.tsx"),
  route("home-2", "routes/public/home-2.tsx"),
  route("home-3", "routes/public/home-3.tsx"),
  route("home-4", "routes/public/home-4.tsx"),
  route("home-4-pricing-openai", "routes/public/home-4-pricing.tsx", { id: "home-4-pricing-openai" }),
  route("home-4-pricing-antropic", "routes/public/home-4-pricing.tsx", { id: "home-4-pricing-antropic" }),
  route("home-4-pricing-google", "routes/public/home-4-pricing.tsx", { id: "home-4-pricing-google" }),
  route("home-5", "routes/public/home-5.tsx"),
  route("first-article", "routes/public/first-article.tsx"),
  route("first-article-success", "routes/public/first-article-success.tsx"),
  route("sitemap.xml", "routes/public/sitemap.ts"),
  route("robots.txt", "routes/public/robots.ts"),
  route("login", "routes/public/to-auth.tsx", { id: "login" }),
  route("signup", "routes/public/to-auth.tsx", { id: "signup" }),
  route("view/:versionId", "routes/public/view.tsx"),

  // Accounts (spec part 1).
  ...prefix("auth", [
    index("routes/auth/auth.tsx"),
    route("update-password", "routes/auth/update-password.tsx"),
    route("two-factor", "routes/auth/two-factor.tsx"),
    route("invitation", "routes/auth/invitation.tsx"),
    route("stop-impersonating", "routes/auth/stop-impersonating.tsx"),
    route("confirm", "routes/auth/confirm.tsx"),
    route("sign-out", "routes/auth/sign-out.tsx"),
  ]),

  // Signed-in area: the layout guards every route below it.
  layout("routes/app/layout.tsx", [
    route("dashboard", "routes/app/sites.tsx", { id: "dashboard" }),
    route("sites", "routes/app/sites.tsx", { id: "sites" }),
    route("profile", "routes/app/profile.tsx"),
    route("settings", "routes/app/settings.tsx"),
    route("settings/two-factor", "routes/app/settings-two-factor.tsx"),
    route("notifications", "routes/app/notifications.tsx"),
    route("tone-articles", "routes/app/tone-articles.tsx"),
    ...prefix("sites/:siteId", [
      // Says whose site it is when the team works on it (issue 14).
      layout("routes/app/site-layout.tsx", [
        index("routes/app/site-detail.tsx"),
        route("brief", "routes/app/brief.tsx"),
        route("pages", "routes/app/pages.tsx"),
        route("pages/:pageId", "routes/app/page-detail.tsx"),
        route("pages/:pageId/page-versions", "routes/app/page-versions.tsx"),
        route("pages/:pageId/outline", "routes/app/outline.tsx"),
        route("pages/:pageId/keywords-for-page", "routes/app/keywords.tsx"),
        route("pages/:pageId/llm-answers-for-page", "routes/app/llm-answers.tsx"),
        route("pages/:pageId/images", "routes/app/images.tsx"),
        route("publishing", "routes/app/publishing.tsx"),
        route("results", "routes/app/results.tsx"),
        route("results/report", "routes/app/results-report.tsx"),
      ]),
      // A version as a file (issue 15): a resource route, outside the screens' layout.
      route("pages/:pageId/page-versions/:versionId/download", "routes/app/version-download.ts"),
      route("publishing/import", "routes/app/publishing-import.ts"),
    ]),
    route("review/:versionId", "routes/app/review.tsx"),
  ]),

  // The team's console (issue 14): the layout answers 404 to anyone but the team.
  ...prefix("team", [
    layout("routes/team/layout.tsx", [
      index("routes/team/home.tsx"),
      route("two-factor", "routes/team/two-factor.tsx"),
      route("inbox", "routes/team/inbox.tsx"),
      route("inbox/:itemId", "routes/team/inbox-item.tsx"),
      route("sites", "routes/team/sites.tsx"),
      route("sites/:siteId", "routes/team/site.tsx"),
      route("sites/:siteId/prompts", "routes/team/site-prompts.tsx"),
      route("work", "routes/team/work.tsx"),
      route("costs", "routes/team/costs.tsx"),
      route("demo", "routes/team/demo.tsx"),
      route("reference", "routes/team/reference.tsx"),
      route("accounts", "routes/team/accounts.tsx"),
      route("accounts/:userId", "routes/team/account.tsx"),
      route("audit", "routes/team/audit.tsx"),
    ]),
  ]),

  // Resource routes (no UI).
  ...prefix("api", [
    route("health", "routes/api/health.ts"),
    route("auth/*", "routes/api/auth.ts"),
    route("files/:bucket/*", "routes/api/files.ts"),
    route("countries", "routes/api/countries.ts"),
    route("countries/:countryId/languages", "routes/api/languages.ts"),
    route("tone-groups", "routes/api/tone-groups.ts"),
    route("contact", "routes/api/contact.ts"),
    route("first-article", "routes/api/first-article.ts"),
    route("versions/:versionId/history", "routes/api/version-history.ts"),
  ]),

  // A version shared for review with someone without an account (issue 16): public, by its token.
  route("r/:token", "routes/public/review-link.tsx"),
  route("reports/unsubscribe/:siteId/:token", "routes/public/report-unsubscribe.tsx"),

  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;
