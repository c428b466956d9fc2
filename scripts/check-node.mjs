// Run before `npm start`, `npm test` and the dev servers (package.json's pre-scripts): stops at once, saying which
// Node.js the product needs and how to get it, when the one running is older (issue 41), instead of failing somewhere
// inside a build. Written for any Node.js: no syntax or module newer than the oldest it must turn away.
const NEEDED = { major: 22, minor: 22 };
const RECOMMENDED = 24;
const [major, minor] = process.versions.node.split(".").map(Number);
if (major < NEEDED.major || (major === NEEDED.major && minor < NEEDED.minor)) {
  console.error(
    [
      `This product needs Node.js ${RECOMMENDED} (or ${NEEDED.major}.${NEEDED.minor} and later); this is Node.js ${process.versions.node}.`,
      `Install Node.js ${RECOMMENDED} with your version manager (nvm install ${RECOMMENDED}, fnm install ${RECOMMENDED}, volta install node@${RECOMMENDED}),`,
      `or from the npm registry: npm install --prefix ~/.local/node${RECOMMENDED} node@${RECOMMENDED} && export PATH="$HOME/.local/node${RECOMMENDED}/node_modules/node/bin:$PATH"`,
    ].join("\n"),
  );
  process.exit(1);
}
