import {
  type ComponentView,
  componentsOf,
  type EmulatorChannel,
  type EmulatorUser,
  type MessageView,
} from "@cardtable/discord-emulator";
import type { World } from "./world.js";

/** A panel's navigation buttons, which make no move. */
const NAV = new Set(["refresh", "back"]);

/** The first foundation a chosen Stacking card fits: the panel's first enabled button that is no navigation. */
export function fittingFoundation(panel: MessageView): ComponentView | undefined {
  return componentsOf(panel).find(
    (c) => c.options.length === 0 && !c.disabled && !NAV.has((c.customId ?? "").split(":")[3] ?? ""),
  );
}

/**
 * One Stacking placement up to its last click, as the player to move (one of `users`) makes it:
 * the panel, the first top card offered, the first foundation it fits. Returns the panel and the
 * custom_id of the move's button.
 */
export async function stackingPlacement(
  world: World,
  channel: EmulatorChannel,
  users: readonly EmulatorUser[],
): Promise<{ user: EmulatorUser; panel: MessageView; moveId: string }> {
  const user = world.userToMove(channel, users);
  const panel = await world.openPanel(user, channel, "stapelen");
  const select = componentsOf(panel).find((c) => c.options.length > 0)!;
  const chosen = await world.select(user, panel, select.customId!, [select.options[0]!.value]);
  return { user, panel: chosen, moveId: fittingFoundation(chosen)!.customId! };
}
