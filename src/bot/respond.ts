import {
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  MessageFlags,
  type ModalSubmitInteraction,
  type StringSelectMenuInteraction,
} from "discord.js";
import type { Payload } from "./ui/types.js";

export type Answerable =
  | ChatInputCommandInteraction
  | ButtonInteraction
  | StringSelectMenuInteraction
  | ModalSubmitInteraction;

/** Discord drops an interaction not acknowledged within 3 s; defer well before that. */
const DEFER_AFTER_MS = 1500;

export type AnswerMode = "ephemeral" | "public" | "update";

/**
 * Answers an interaction with what `work` produces. If the work is slow (a big render, a busy
 * database), the interaction is deferred first so Discord never sees it time out.
 */
export async function answer(
  interaction: Answerable,
  mode: AnswerMode,
  work: () => Promise<Payload> | Payload,
): Promise<void> {
  const pending: { defer: Promise<unknown> | null } = { defer: null };
  const defer = () => {
    pending.defer =
      mode === "update" && interaction.isMessageComponent()
        ? interaction.deferUpdate()
        : interaction.deferReply(mode === "ephemeral" ? { flags: MessageFlags.Ephemeral } : {});
  };
  // Rendering and SQLite are synchronous, so a timer cannot interrupt them: when the process was
  // already too busy to get here quickly, defer before doing the work.
  if (Date.now() - interaction.createdTimestamp > DEFER_AFTER_MS) defer();
  const timer = setTimeout(defer, DEFER_AFTER_MS);
  let payload: Payload;
  try {
    payload = await work();
  } finally {
    clearTimeout(timer);
  }
  const body = {
    content: payload.content,
    files: payload.files,
    components: payload.components,
    allowedMentions: { parse: [] },
  };
  if (pending.defer) {
    await pending.defer;
    await interaction.editReply({ ...body, attachments: [] });
  } else if (mode === "update" && interaction.isMessageComponent()) {
    await interaction.update({ ...body, attachments: [] });
  } else {
    await interaction.reply({ ...body, ...(mode === "ephemeral" ? { flags: MessageFlags.Ephemeral } : {}) });
  }
}

export function textPayload(content: string): Payload {
  return { content, files: [], components: [] };
}
