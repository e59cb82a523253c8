import type { ReactNode } from 'react';

/** What the diary hands the move dialog: the session, its service, and what happens after. */
export interface MoveSlotProps {
  /** The session being moved; null keeps the dialog closed. */
  session: { id: string; start: string; end: string } | null;
  serviceId: number;
  serviceName: string;
  onClose: () => void;
  onMoved: (moved: { id: string; start: string }) => void;
}

/**
 * The checkout's time picker in a dialog, composed in by the app (features never import each
 * other): the diary only says which session moves and reads the diary again once it has.
 */
export type MoveSlot = (props: MoveSlotProps) => ReactNode;
