import type { LucideIcon } from 'lucide-react';
import Coins from 'lucide-react/icons/coins';
import Crown from 'lucide-react/icons/crown';
import FileText from 'lucide-react/icons/file-text';
import Package from 'lucide-react/icons/package';
import PenLine from 'lucide-react/icons/pen-line';
import ShoppingCart from 'lucide-react/icons/shopping-cart';
import Ticket from 'lucide-react/icons/ticket';
import Users from 'lucide-react/icons/users';
import Vote from 'lucide-react/icons/vote';
import Wallet from 'lucide-react/icons/wallet';

/** Icons that menu settings name ("pen", "wallet"...); an unknown name gets the pen. */
const ICONS: Record<string, LucideIcon> = {
  pen: PenLine,
  coins: Coins,
  vote: Vote,
  package: Package,
  wallet: Wallet,
  crown: Crown,
  ticket: Ticket,
  cart: ShoppingCart,
  users: Users,
  file: FileText,
};

export function menuIcon(name: string | undefined): LucideIcon {
  return (name && ICONS[name]) || PenLine;
}

/** True when the icon setting is an image address rather than an icon name. */
export function isImageIcon(icon: string | undefined): icon is string {
  return Boolean(icon && /^(https?:|data:|\/)/.test(icon));
}
