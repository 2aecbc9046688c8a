import { InteractionType } from "discord-api-types/v10";
import type { World } from "./store.js";
import type { WorldChange } from "./types.js";

/** What a finished REST request changed: every change reaches the world through one, and its route says what. */
export function requestChanges(world: World, method: string, url: string, status: number): WorldChange[] {
  if (method === "GET" || status >= 400) return [];
  const route = /^\/api\/v10(\/.*)$/.exec(new URL(url, "http://localhost").pathname);
  return route ? changesOf(world, route[1]!) : [];
}

function changesOf(world: World, path: string): WorldChange[] {
  // channels/{id}/…, interactions/{id}/{token}/callback, webhooks/{app}/{token}/…, applications/…
  const [, resource, id, third, , fifth] = path.split("/");
  const worldChange: WorldChange = { kind: "world" };
  switch (resource) {
    case "channels":
      if (third === "typing") return [];
      if (third !== "messages") return [worldChange];
      // POST …/messages/{id}/threads starts a thread from a message.
      return [...messageChange(world, id), ...(fifth === "threads" ? [worldChange] : [])];
    case "interactions": {
      const interaction = world.interactions.get(id ?? "");
      return interaction?.handle.type === InteractionType.ApplicationCommandAutocomplete
        ? []
        : messageChange(world, interaction?.handle.channelId);
    }
    case "webhooks":
      return messageChange(world, world.interactionsByToken.get(third ?? "")?.handle.channelId);
    default:
      return [worldChange];
  }
}

function messageChange(world: World, channelId: string | undefined): WorldChange[] {
  const channel = world.channels.get(channelId ?? "");
  if (!channel) return [];
  return [{ kind: "message", channelId: channel.recipientId ? "dm" : channel.channel.id }];
}
