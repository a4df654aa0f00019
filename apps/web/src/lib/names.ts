// Card names from the viewer's boards: the shared present layer (@matchtape/games, present.ts).
export { cardNames, nameCards, type Piece } from '@matchtape/games';
