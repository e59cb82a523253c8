import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import type { Block } from '../../../shared/booking';
import { errorSentence } from '../../lib/api';
import { formatDayWithYear, formatTime } from '../../lib/practice-time';
import { showToast } from '../../lib/toast';
import { removeBlock } from './practice-api';

function BlockItem({
  block,
  busy,
  onRemove,
}: {
  block: Block;
  busy: boolean;
  onRemove: (block: Block) => void;
}) {
  const text = `${formatDayWithYear(block.start)} ${formatTime(block.start)} to ${formatDayWithYear(block.end)} ${formatTime(block.end)}`;
  return (
    <li className="d-flex flex-wrap gap-2 align-items-center mb-2">
      <span>
        {text}
        {block.reason && <> ({block.reason})</>}
      </span>
      <Button
        size="sm"
        variant="outline-danger"
        disabled={busy}
        aria-label={`Remove blocked time ${text}`}
        onClick={() => onRemove(block)}
      >
        Remove
      </Button>
    </li>
  );
}

/** The week's blocked time, each with Remove; `onChanged` once a removal is over (either way). */
export function BlockedTimeList({
  blocks,
  onChanged,
}: {
  blocks: readonly Block[];
  onChanged: () => void;
}) {
  const [removing, setRemoving] = useState(false);

  const removeNow = async (block: Block) => {
    setRemoving(true);
    try {
      await removeBlock(block.id);
      void showToast(
        `Removed the blocked time from ${formatDayWithYear(block.start)} ${formatTime(block.start)}.`,
      );
    } catch (error) {
      void showToast(errorSentence(error), 'error');
    } finally {
      setRemoving(false);
      onChanged();
    }
  };

  return (
    <section aria-labelledby="blocks-heading" className="mt-4">
      <h3 id="blocks-heading" className="h6">
        Blocked time this week
      </h3>
      {blocks.length === 0 ? (
        <p>None.</p>
      ) : (
        <ul className="list-unstyled">
          {blocks.map((block) => (
            <BlockItem
              key={block.id}
              block={block}
              busy={removing}
              onRemove={(item) => void removeNow(item)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
