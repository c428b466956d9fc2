// Draws public/og-image.png (1200×630), the picture shared with links to the public pages: `node scripts/assets/og-image.mjs`.
import sharp from "sharp";

const font = "DejaVu Sans, Arial, sans-serif";
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#312e81"/><stop offset="1" stop-color="#4f46e5"/></linearGradient></defs>
<rect width="1200" height="630" fill="url(#g)"/>
<rect x="80" y="80" width="72" height="72" rx="16" fill="#fff"/>
<text x="116" y="131" font-family="${font}" font-size="40" font-weight="700" fill="#4f46e5" text-anchor="middle">S</text>
<text x="176" y="130" font-family="${font}" font-size="36" font-weight="700" fill="#fff">SEO × IA Content</text>
<text x="80" y="300" font-family="${font}" font-size="60" font-weight="700" fill="#fff">Articles that rank on Google</text>
<text x="80" y="380" font-family="${font}" font-size="60" font-weight="700" fill="#fff">and get cited by AI assistants</text>
<text x="80" y="480" font-family="${font}" font-size="30" fill="#e0e7ff">Done for you · 1500-2000+ words · expert-edited · 24-hour turnaround</text>
<text x="80" y="540" font-family="${font}" font-size="30" fill="#e0e7ff">Your first article for 1€</text>
</svg>`;

const info = await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toFile(new URL("../../public/og-image.png", import.meta.url).pathname);
console.log(`public/og-image.png: ${info.width}×${info.height}, ${info.size} bytes`);
