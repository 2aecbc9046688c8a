import type { StoredChannel, StoredGuild, StoredInteraction, StoredUser, World } from "./store.js";
import { type Ref, refId } from "./types.js";

/** The stored things a test names by reference; an unknown one throws, as a test set up wrong. */
export function guildOf(world: World, ref: Ref): StoredGuild {
  const guild = world.guilds.get(refId(ref));
  if (!guild) throw new Error(`unknown guild ${refId(ref)}`);
  return guild;
}

export function userOf(world: World, ref: Ref): StoredUser {
  const user = world.users.get(refId(ref));
  if (!user) throw new Error(`unknown user ${refId(ref)}`);
  return user;
}

export function channelOf(world: World, ref: Ref): StoredChannel {
  const channel = world.channels.get(refId(ref));
  if (!channel || channel.deleted) throw new Error(`unknown channel ${refId(ref)}`);
  return channel;
}

export function interactionOf(world: World, ref: Ref): StoredInteraction {
  const stored = world.interactions.get(refId(ref));
  if (!stored) throw new Error(`unknown interaction ${refId(ref)}`);
  return stored;
}
