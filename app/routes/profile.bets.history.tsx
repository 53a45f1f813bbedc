/** Placeholder: being built (issue 5). */
export default function Placeholder() {
  return null;
}
