import { expect } from 'vitest';

/** Asserts that the elements stand in the document in this order. */
export function expectInDocumentOrder(...nodes: Node[]) {
  for (let i = 1; i < nodes.length; i++) {
    const before = nodes[i - 1] as Node;
    expect(
      before.compareDocumentPosition(nodes[i] as Node) & Node.DOCUMENT_POSITION_FOLLOWING,
      `element ${i} after ${i - 1}`,
    ).toBeTruthy();
  }
}
