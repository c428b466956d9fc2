/**
 * Home3's logo strip: monochrome wordmarks (inline SVG, nothing to download) of client sites of each kind
 * the service works for. The names are illustrations of those kinds of sites.
 */
type Logo = { name: string; kind: string; mark: React.ReactNode; text: React.ReactNode };

const LOGOS: Logo[] = [
  {
    name: "Kestrel",
    kind: "Corporate",
    mark: <path d="M4 30 L16 8 L22 20 L28 12 L36 30 Z" fill="currentColor" />,
    text: (
      <text x="44" y="26" fontSize="15" fontWeight="700" letterSpacing="1.5" textLength="112" lengthAdjust="spacingAndGlyphs">
        KESTREL
      </text>
    ),
  },
  {
    name: "Maison Verlaine",
    kind: "Local business",
    mark: (
      <>
        <circle cx="20" cy="20" r="15" fill="none" stroke="currentColor" strokeWidth="3" />
        <path d="M12 22 L20 14 L28 22 V28 H12 Z" fill="currentColor" />
      </>
    ),
    text: (
      <text
        x="44"
        y="26"
        fontSize="17"
        fontStyle="italic"
        fontWeight="600"
        fontFamily="Georgia, 'Times New Roman', serif"
        textLength="112"
        lengthAdjust="spacingAndGlyphs"
      >
        Maison Verlaine
      </text>
    ),
  },
  {
    name: "Oakline",
    kind: "E-commerce",
    mark: (
      <>
        <path d="M8 14 H32 L30 34 H10 Z" fill="currentColor" />
        <path d="M14 14 V11 a6 6 0 0 1 12 0 V14" fill="none" stroke="currentColor" strokeWidth="3" />
      </>
    ),
    text: (
      <text x="44" y="26" fontSize="19" fontWeight="800" textLength="100" lengthAdjust="spacingAndGlyphs">
        oakline
      </text>
    ),
  },
  {
    name: "Stallbridge",
    kind: "Marketplace",
    mark: (
      <>
        <rect x="6" y="6" width="12" height="12" rx="2" fill="currentColor" />
        <rect x="22" y="6" width="12" height="12" rx="2" fill="none" stroke="currentColor" strokeWidth="3" />
        <rect x="6" y="22" width="12" height="12" rx="2" fill="none" stroke="currentColor" strokeWidth="3" />
        <rect x="22" y="22" width="12" height="12" rx="2" fill="currentColor" />
      </>
    ),
    text: (
      <text x="44" y="26" fontSize="17" fontWeight="700" textLength="112" lengthAdjust="spacingAndGlyphs">
        Stallbridge
      </text>
    ),
  },
  {
    name: "GearVerdict",
    kind: "Affiliate reviews",
    mark: (
      <>
        <circle cx="20" cy="20" r="15" fill="currentColor" />
        <path
          d="M13 20 L18 25 L28 14"
          fill="none"
          stroke="var(--background)"
          strokeWidth="3.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </>
    ),
    text: (
      <text x="44" y="26" fontSize="17" fontWeight="700" textLength="112" lengthAdjust="spacingAndGlyphs">
        GearVerdict
      </text>
    ),
  },
  {
    name: "The Ledger",
    kind: "News",
    mark: (
      <>
        <rect x="6" y="8" width="28" height="24" rx="2" fill="none" stroke="currentColor" strokeWidth="3" />
        <path d="M11 15 H29 M11 20 H29 M11 25 H22" stroke="currentColor" strokeWidth="2.5" />
      </>
    ),
    text: (
      <text
        x="44"
        y="26"
        fontSize="17"
        fontWeight="700"
        fontFamily="Georgia, 'Times New Roman', serif"
        textLength="112"
        lengthAdjust="spacingAndGlyphs"
      >
        The Ledger
      </text>
    ),
  },
];

export function LogoStrip({ title, intro }: { title: string; intro: string }) {
  return (
    <section aria-labelledby="clients-title" className="border-b px-4 py-12 sm:px-6">
      <div className="mx-auto max-w-6xl">
        <h2 id="clients-title" className="text-center text-base font-semibold text-balance">
          {title}
        </h2>
        <p className="mt-1 text-center text-sm text-pretty text-muted-foreground">{intro}</p>
        <ul className="mt-8 grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 lg:grid-cols-6">
          {LOGOS.map((logo) => (
            <li key={logo.name} className="flex flex-col items-center gap-2 text-muted-foreground">
              <svg role="img" aria-label={logo.name} viewBox="0 0 160 40" width="160" height="40" className="h-8 w-auto max-w-full">
                <title>{logo.name}</title>
                {logo.mark}
                <g fill="currentColor">{logo.text}</g>
              </svg>
              <span className="text-xs font-medium">{logo.kind}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
