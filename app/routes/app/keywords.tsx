// Being built (issue 4): replaced by the real screen.
export default function Screen() {
  return null;
}
