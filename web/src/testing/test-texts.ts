// For tests: what a list of elements says, to compare with the words a test expects.

/** The text of each element, in document order. */
export function textsOf(elements: Iterable<Element>): (string | null)[] {
  return Array.from(elements, (element) => element.textContent);
}
