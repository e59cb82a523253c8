import { accountSlot } from './account-slot';
import { AppProviders } from './providers';

/** The header's account links with the session behind them, on a page of content (islands/navbar). */
export default function HeaderAccount({ close }: { close: () => void }) {
  return <AppProviders>{accountSlot(close)}</AppProviders>;
}
