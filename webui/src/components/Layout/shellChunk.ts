// The chrome's closed parts in one chunk (see shellParts).
export { CreatePanel } from '../Footer/CreatePanel';
export { MiniPlayer } from '../Audio/MiniPlayer';
export { Toaster } from '../Feedback/Toaster';
export { HeaderDropdown } from '../Header/HeaderDropdown';
export { LocaleMenu } from '../Header/LocaleMenu';
export { MemberMenu } from '../Header/MemberMenu';
export { Sheet } from '../Overlay/Sheet';
