import { ButtonStyle } from "discord.js";
import { theGame, wouldStrand } from "../../engine/games/thegame/index.js";
import type {
  TheGamePrivateView,
  TheGamePublicView,
  TheGameState,
} from "../../engine/games/thegame/types.js";
import { tm } from "../../i18n/index.js";
import { renderTheGameHand, renderTheGameTable } from "../../render/thegame.js";
import { type ButtonSpec, buttonRow, type Row, selectRow } from "./components.js";
import { indexArg, nameOf, refuse } from "./helpers.js";
import type { GameUi } from "./types.js";

function pileName(view: TheGamePublicView, pile: number): string {
  const p = view.piles[pile]!;
  return `${p.direction === "up" ? "▲" : "▼"}${pile + 1}`;
}

const RULES = [
  "**The Game** — cooperative, 1 to 5 players. Together, play all 98 cards (2–99) onto four piles.",
  "• Two piles go **up** from 1: a card must be higher than the top. Two piles go **down** from 100: a card must be lower.",
  "• **Backwards trick:** a card exactly 10 lower on an up pile, or exactly 10 higher on a down pile, is always allowed — as often as you can.",
  "• On your turn play at least **2** cards (3 in `expert`), one at a time, on any piles; you may play more. When the draw pile is empty the minimum is 1.",
  "• Then you draw back to your hand size (8 solo, 7 for two, 6 for 3–5; one less with `smaller-hands`). Players with an empty hand are skipped.",
  "• After the deal anyone may press **I'll start**: the first to press it starts. You may talk about piles (\"please don't touch the second down pile\"), but never say numbers.",
  "• The game ends when all cards are played (a perfect win) or when the player to move cannot play their minimum — the bot checks every possible order of your cards, and warns you before a play that would leave you stuck. Your score is the number of cards left: under 10 is excellent.",
  "Press **Show my hand** on the table to see your cards (only you see them) and to play.",
].join("\n");

export const theGameUi: GameUi = {
  gameType: "thegame",
  title: "The Game",
  engine: theGame,
  panelLabel: "Show my hand",
  rules: RULES,

  renderTable: (view, names) => renderTheGameTable(view as TheGamePublicView, names),

  tableStatus(raw, names) {
    const view = raw as TheGamePublicView;
    if (view.phase === "claim")
      return "everyone has seen their hand: who starts? The first to press **I'll start** begins.";
    return `${nameOf(names, view.active)} to play: ${view.playedThisTurn} played of at least ${view.minimumThisTurn} · draw pile ${view.drawPileCount} · ${view.cardsLeft} cards left.`;
  },

  tableActions(raw) {
    const view = raw as TheGamePublicView;
    return view.phase === "claim"
      ? [{ action: "claim", label: "I'll start", style: ButtonStyle.Success }]
      : [];
  },

  panel({ game, userId, view: raw, names, selection, notice }) {
    const view = raw as TheGamePrivateView;
    const rows: Row[] = [];
    const lines: string[] = [];
    if (notice) lines.push(notice);
    lines.push(`Your hand (only you can see this): **${view.hand.join(", ") || "empty"}**`);
    const myTurn = view.phase === "play" && view.active === userId;
    if (view.phase === "claim") {
      lines.push("Nobody has started yet. Talk it over, then claim the first turn if you like your hand.");
      rows.push(
        buttonRow(game.id, game.version, [
          { action: "claim", label: "I'll start", style: ButtonStyle.Success },
        ]),
      );
    } else if (!myTurn) {
      lines.push(`Waiting for ${nameOf(names, view.active)} to play.`);
      rows.push(buttonRow(game.id, game.version, [{ action: "refresh", label: "Refresh" }]));
    } else if (selection[0] === "confirm") {
      const [, index, pile] = selection.map(Number) as [number, number, number];
      lines.push(
        `⚠️ Playing **${view.hand[index]}** on ${pileName(view, pile)} leaves you unable to reach this turn's minimum of ${view.minimumThisTurn}: the game would end. Play it anyway?`,
      );
      rows.push(
        buttonRow(game.id, game.version, [
          { action: "playc", args: [index, pile], label: "Play anyway", style: ButtonStyle.Danger },
          { action: "back", label: "Cancel" },
        ]),
      );
    } else if (selection.length === 1) {
      const index = Number(selection[0]);
      const card = view.hand[index]!;
      const legal = view.playable[card] ?? [];
      lines.push(`Where does **${card}** go?`);
      const piles: ButtonSpec[] = view.piles.map((p, i) => ({
        action: "play",
        args: [index, i],
        label: `${pileName(view, i)} on ${p.top}`,
        style: legal.includes(i) ? ButtonStyle.Primary : ButtonStyle.Secondary,
        disabled: !legal.includes(i),
      }));
      rows.push(buttonRow(game.id, game.version, piles));
      rows.push(buttonRow(game.id, game.version, [{ action: "back", label: "Back" }]));
    } else {
      const playable = view.hand
        .map((card, index) => ({ card, index }))
        .filter(({ card }) => (view.playable[card] ?? []).length > 0);
      lines.push(
        `Your turn: ${view.playedThisTurn} played, at least ${view.minimumThisTurn} this turn.` +
          (view.canEndTurn ? " You may end your turn or keep playing." : ""),
      );
      if (playable.length > 0) {
        rows.push(
          selectRow(
            game.id,
            game.version,
            "card",
            "Choose a card to play",
            playable.map(({ card, index }) => ({
              value: String(index),
              label: String(card),
              description: `fits ${(view.playable[card] ?? []).map((p) => pileName(view, p)).join(", ")}`,
            })),
          ),
        );
      } else {
        lines.push("No card in your hand fits any pile now.");
      }
      rows.push(
        buttonRow(game.id, game.version, [
          { action: "end", label: "End turn", style: ButtonStyle.Success, disabled: !view.canEndTurn },
          { action: "refresh", label: "Refresh" },
        ]),
      );
    }
    return {
      content: lines.join("\n"),
      files: [{ attachment: renderTheGameHand(view), name: "hand.png" }],
      components: rows,
    };
  },

  interpret({ game, userId, view: raw, action, args, values }) {
    const view = raw as TheGamePrivateView;
    switch (action) {
      case "claim":
        return { kind: "move", move: { type: "claimStart" } };
      case "end":
        return { kind: "move", move: { type: "endTurn" } };
      case "refresh":
      case "back":
        return { kind: "panel", selection: [] };
      case "card": {
        const index = indexArg(values[0], view.hand.length);
        return index === null ? refuse("core.malformedMove") : { kind: "panel", selection: [String(index)] };
      }
      case "play":
      case "playc": {
        const index = indexArg(args[0], view.hand.length);
        const pile = indexArg(args[1], 4);
        if (index === null || pile === null) return refuse("core.malformedMove");
        const card = view.hand[index]!;
        if (action === "play" && wouldStrand(game.state as TheGameState, userId, card, pile)) {
          return { kind: "panel", selection: ["confirm", String(index), String(pile)] };
        }
        return { kind: "move", move: { type: "play", card, pile } };
      }
      default:
        return refuse("core.malformedMove");
    }
  },

  resultText(raw, outcome, names) {
    const view = raw as TheGamePublicView;
    const hands = Object.entries(view.finalHands ?? {})
      .filter(([, cards]) => cards.length > 0)
      .map(([id, cards]) => `${nameOf(names, id)}: ${cards.join(", ")}`);
    return [
      tm(outcome.summary),
      ...(hands.length ? [`Cards left in hands — ${hands.join(" · ")}`] : []),
    ].join("\n");
  },
};
