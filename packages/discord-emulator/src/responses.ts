import { InteractionResponseType, MessageFlags } from "discord-api-types/v10";
import type { StoredInteraction, World } from "./store.js";
import type { AnswerProgress, InteractionResponses } from "./types.js";

/** Everything the bot has answered to an interaction so far. */
export function responsesOf(world: World, stored: StoredInteraction): InteractionResponses {
  const original = world.messages.get(stored.originalMessageId ?? "");
  return {
    interaction: stored.handle,
    acked: stored.callbacks.length > 0,
    callbackType: stored.callbacks[0]?.type ?? null,
    callbacks: [...stored.callbacks],
    message: original ? world.messageView(original) : null,
    followUps: stored.followUpIds.map((id) => world.messageView(world.messages.get(id)!)),
    modal: stored.modal ? structuredClone(stored.modal) : (lastModal(stored) ?? null),
    choices: stored.choices ? structuredClone(stored.choices) : null,
    ackLatencyMs: stored.firstCallbackMs,
    errors: [...stored.errors],
  };
}

/** The facts of `responsesOf` that say whether the answer is complete, without a view of any message. */
export function progressOf(world: World, stored: StoredInteraction): AnswerProgress {
  const original = world.messages.get(stored.originalMessageId ?? "");
  return {
    acked: stored.callbacks.length > 0,
    callbackType: stored.callbacks[0]?.type ?? null,
    followUps: stored.followUpIds.length,
    message: original
      ? {
          id: original.message.id,
          deleted: original.deleted,
          loading: ((original.message.flags ?? 0) & MessageFlags.Loading) !== 0,
          editCount: original.editCount,
        }
      : null,
  };
}

function lastModal(stored: StoredInteraction) {
  const callback = stored.callbacks.find((candidate) => candidate.type === InteractionResponseType.Modal);
  return callback ? (structuredClone(callback.data) as InteractionResponses["modal"]) : null;
}

/** The default of WaitForResponseOptions.until: acknowledged and, after a deferral, the deferred message filled in. */
export function settled(stored: StoredInteraction, responses: InteractionResponses): boolean {
  if (!responses.acked) return false;
  switch (responses.callbackType) {
    case InteractionResponseType.DeferredChannelMessageWithSource:
      return (
        responses.followUps.length > 0 ||
        responses.message === null ||
        responses.message.deleted ||
        !responses.message.loading
      );
    case InteractionResponseType.DeferredMessageUpdate:
      return responses.followUps.length > 0 || (responses.message?.editCount ?? 0) > stored.editCountAtAck;
    default:
      return true;
  }
}
