import {
  Coins,
  Crown,
  FileText,
  Package,
  PenLine,
  ShoppingCart,
  Ticket,
  Users,
  Vote,
  Wallet,
  type LucideIcon,
} from 'lucide-react';

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
