/**
 * antd tables that scroll sideways (`scroll={{ x }}`) render their own scroll container, which holds no focusable
 * element when no cell has a link or button: a keyboard user could not reach it to scroll (WCAG 2.1.1; axe
 * scrollable-region-focusable). One observer for the whole app gives every such container tabindex 0 as it appears,
 * so no table has to remember to.
 */
const SELECTOR = '.ant-table-content, .ant-table-body';

function mark(el: Element): void {
  if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '0');
}

export function keepScrollRegionsFocusable(root: Element = document.body): () => void {
  root.querySelectorAll(SELECTOR).forEach(mark);
  const observer = new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.addedNodes) {
        if (!(node instanceof Element)) continue;
        if (node.matches(SELECTOR)) mark(node);
        node.querySelectorAll(SELECTOR).forEach(mark);
      }
  });
  observer.observe(root, { childList: true, subtree: true });
  return () => observer.disconnect();
}
