import { ChannelType } from "discord-api-types/v10";
import { type Issue, Issues, isObject } from "./issues.js";

/** POST /channels/{id}/threads: API v10 has no default thread type any more. */
export function checkThreadWithoutMessage(body: unknown): Issue[] {
  const issues = new Issues();
  if (isObject(body) && body.type !== ChannelType.PublicThread && body.type !== ChannelType.PrivateThread) {
    issues.error(
      ["type"],
      "BASE_TYPE_REQUIRED",
      "A thread without a message needs type 11 or 12 in API v10.",
    );
  }
  return issues.list;
}

/** POST /users/@me/channels: a bot opens a DM with `recipient_id` (access tokens are for group DMs). */
export function checkDmChannel(body: unknown): Issue[] {
  const issues = new Issues();
  if (isObject(body) && typeof body.recipient_id !== "string" && typeof body.recipient_id !== "number") {
    issues.error(["recipient_id"], "BASE_TYPE_REQUIRED", "This field is required");
  }
  return issues.list;
}
