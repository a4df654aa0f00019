import { eventOverlayMetadata, eventOverlayPage } from '../../../event-overlay-page';

export const metadata = eventOverlayMetadata;
// The hand of seat p1 or p2 at the featured table (coverage token, coverage delay).
export default eventOverlayPage('hand');
