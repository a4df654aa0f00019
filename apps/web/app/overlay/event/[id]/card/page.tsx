import { eventOverlayMetadata, eventOverlayPage } from '../../event-overlay-page';

export const metadata = eventOverlayMetadata;
export default eventOverlayPage('card');
