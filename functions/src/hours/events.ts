/**
 * Published inside the transaction that removes blocked time: the starts on the grid it held,
 * free again.
 */
export interface BlockRemoved {
  type: 'block.removed';
  blockId: string;
  freedStarts: string[];
  occurredAt: string;
}
