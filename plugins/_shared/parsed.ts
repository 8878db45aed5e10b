/**
 * Whether the parser has moved past an element: the element or one of its ancestors already has a
 * next sibling, so no more children will be parsed into it. Content added to an element before that
 * ends up in front of the children parsed after it, unlike on the finished page a preview shows.
 */
export const isClosed = (el: Element): boolean => {
  for (let node: Node | null = el; node; node = node.parentNode) if (node.nextSibling) return true;
  return false;
};
