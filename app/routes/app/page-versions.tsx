// Being built (issue 3): replaced by the real screen.
export default function Screen() {
  return null;
}
