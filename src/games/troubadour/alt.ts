import { altCards } from "../../bot/ui/alt.js";
import { nameOf } from "../../bot/ui/helpers.js";
import type { Names } from "../../bot/ui/types.js";
import { cardLabel } from "../../engine/core/cards.js";
import type { Words } from "../../i18n/index.js";
import type { TroubadourBoardView, TroubadourPublicView, VillageCardView } from "./engine/index.js";

// Troubadour's pictures in words (alt text): what the table (and so every panel) shows, never a hidden card.

/** Who plays after the active player this round, in order. */
export function playersAfter(view: TroubadourPublicView, names: Names, words: Words): string[] {
  return view.order.slice(view.order.indexOf(view.active ?? "") + 1).map((p) => nameOf(names, p, words));
}

/** A village bottom first: face-down cards counted, face-up ones named ("2 face down, 6♥, 5♣"). */
function villageInWords(village: readonly VillageCardView[], words: Words): string {
  if (village.length === 0) return words("kit.alt.empty");
  const parts: string[] = [];
  let down = 0;
  for (const vc of village) {
    if (!vc.faceUp) {
      down++;
      continue;
    }
    if (down > 0) parts.push(words.count("troubadour.alt.faceDown", down));
    down = 0;
    parts.push(cardLabel(vc.card));
  }
  if (down > 0) parts.push(words.count("troubadour.alt.faceDown", down));
  return parts.join(", ");
}

/** One player's board: trio, villages, castles, waste and draw pile. */
function boardInWords(
  view: TroubadourPublicView,
  board: TroubadourBoardView,
  names: Names,
  words: Words,
): string {
  const trio = board.trio
    ? words("troubadour.alt.trio", { cards: altCards(board.trio, words) })
    : view.phase === "pick"
      ? words(board.hasPicked ? "troubadour.alt.hasPicked" : "troubadour.alt.choosing")
      : "";
  const villages = board.villages.map((v, i) =>
    words("kit.alt.column", { column: i + 1, cards: villageInWords(v, words) }),
  );
  const castles = board.castles.flatMap((castle) => {
    const [first, last] = [castle[0], castle.at(-1)];
    if (!first || !last) return [];
    const cards =
      castle.length === 1
        ? cardLabel(first)
        : words("kit.alt.run", { from: cardLabel(first), to: cardLabel(last) });
    return [words("troubadour.alt.castle", { cards, count: castle.length })];
  });
  return words("troubadour.alt.board", {
    player: nameOf(names, board.player, words),
    trio,
    villages: villages.join("; "),
    castles: castles.length > 0 ? castles.join(", ") : words("kit.alt.none"),
    waste: board.wasteTop
      ? words.count("troubadour.alt.waste", board.wasteCount, { card: cardLabel(board.wasteTop) })
      : words("troubadour.alt.wasteEmpty"),
    draw: board.drawPileCount,
  });
}

/** The table in words: the round and whose turn, then every board, the active player's first. */
export function describeTable(view: TroubadourPublicView, names: Names, words: Words): string[] {
  const headline =
    view.phase === "pick"
      ? [
          words("troubadour.pic.picking", { round: view.round }),
          words("troubadour.pic.haveChosen", {
            chosen: view.boards.filter((b) => b.hasPicked).length,
            total: view.boards.length,
          }),
        ]
      : view.phase === "over"
        ? [
            view.winner
              ? words("troubadour.pic.won", { player: nameOf(names, view.winner, words) })
              : words("troubadour.pic.drawn", { round: view.round }),
          ]
        : [
            words("troubadour.pic.playing", { round: view.round, player: nameOf(names, view.active, words) }),
            ...(playersAfter(view, names, words).length > 0
              ? [words("troubadour.alt.then", { after: words.list(playersAfter(view, names, words)) })]
              : []),
          ];
  const first = view.boards.findIndex((b) => b.player === view.active);
  const boards = first > 0 ? [...view.boards.slice(first), ...view.boards.slice(0, first)] : view.boards;
  return [
    words("game.troubadour.title"),
    ...headline,
    ...boards.map((b) => boardInWords(view, b, names, words)),
  ];
}
