import { componentsOf, type EmulatorChannel, type EmulatorUser } from "@cardtable/discord-emulator";
import { twelves } from "../../../src/games/twelves/engine/index.js";
import type { TwelvesMove, TwelvesState } from "../../../src/games/twelves/engine/types.js";
import { button, type World } from "./world.js";

/** The referee's plan for Twelves: a line of pairs (lower column first, as the panel offers them) to a goal. */
export function twelvesLine(
  s: TwelvesState,
  goal: (end: TwelvesState) => boolean,
  dead = new Set<string>(),
): TwelvesMove[] | null {
  if (s.phase === "over") return goal(s) ? [] : null;
  const key = `${s.columns.map((c) => c.length).join("")}:${s.activeSeat}`;
  if (dead.has(key)) return null;
  const player = s.players[s.activeSeat] as string;
  for (const move of twelves.legalMoves(s, player)) {
    if (move.type === "takePair" && move.columns[0] > move.columns[1]) continue;
    const r = twelves.apply(s, player, move);
    if (!r.ok) continue;
    const rest = twelvesLine(r.state, goal, dead);
    if (rest) return [move, ...rest];
  }
  dead.add(key);
  return null;
}

/**
 * A whole Twelves game of `host` and `guest` through the panels: the host proposes to take the
 * twelves and start, the guest confirms, then the plan's pairs.
 */
export async function playTwelves(
  world: World,
  channel: EmulatorChannel,
  [host, guest]: [EmulatorUser, EmulatorUser],
  plan: (agreed: TwelvesState) => TwelvesMove[],
): Promise<TwelvesState> {
  await world.openGame("twelves", channel, host, [guest]);
  const dealt = world.game(channel.id).state as unknown as TwelvesState;
  const hostPanel = await world.openPanel(host, channel, "twelves");
  const seat = dealt.players.indexOf(host.id);
  await world.click(host, hostPanel, button(hostPanel, "prop", [`${seat}-${seat}`]).customId!);
  const guestPanel = await world.openPanel(guest, channel, "twelves");
  await world.click(guest, guestPanel, button(guestPanel, "confirm").customId!);
  for (const move of plan(world.game(channel.id).state as unknown as TwelvesState)) {
    if (move.type !== "takePair") throw new Error("the plan holds only pairs");
    const s = world.game(channel.id).state as unknown as TwelvesState;
    const active = s.players[s.activeSeat] === host.id ? host : guest;
    const panel = await world.openPanel(active, channel, "twelves");
    const value = move.columns.join("-");
    const select = componentsOf(panel).find((c) => c.options.some((o) => o.value === value));
    if (!select?.customId) throw new Error(`the panel does not offer the pair ${value}`);
    await world.select(active, panel, select.customId, [value]);
  }
  await world.settledTable(channel, "twelves");
  return world.game(channel.id).state as unknown as TwelvesState;
}
