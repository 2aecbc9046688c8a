import {
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type Message,
  MessageFlags,
  MessagePayload,
  type ModalMessageModalSubmitInteraction,
  type ModalSubmitInteraction,
  type RawFile,
  type REST,
  Routes,
  type StringSelectMenuInteraction,
} from "discord.js";
import { type Picture, showsPicture } from "../render/jobs.js";
import type { Painter, Urgency } from "../render/pool.js";
import type { BotContext } from "./context.js";
import { discordMessage, linkedPictures } from "./ui/components.js";
import type { Payload, ShownFile } from "./ui/types.js";

export type Answerable =
  | ChatInputCommandInteraction
  | ButtonInteraction
  | StringSelectMenuInteraction
  | ModalSubmitInteraction;

/**
 * How long an answer may wait for its picture before the interaction is deferred. Pictures are
 * drawn by the render pool, so the event loop is free and this timer fires on time however many
 * pictures are queued: Discord always gets its acknowledgement within its 3 s.
 */
const DEFER_AFTER_MS = 60;
/** A click that reaches us this late (a busy process, a slow network) is deferred before any work. */
const LATE_ARRIVAL_MS = 1500;

export type AnswerMode = "ephemeral" | "public" | "update";

/** What an answer shows, and the files of other messages it may show its pictures from, by address. */
export type AnswerPayload = Payload & { elsewhere?: readonly ShownFile[] };

/**
 * Answers an interaction with what `work` produces, its pictures drawn by the render pool.
 * When the answer is not ready quickly (a queued picture), the interaction is deferred first and
 * the answer edited in once it is. No picture is uploaded twice: one the clicked message already
 * shows (a panel opened from the table shows the table's very picture), or another message shows
 * (`elsewhere`: the table a move edited), is shown by its address, and a panel updated in place
 * whose pictures did not change keeps its attachments.
 */
export async function answer(
  ctx: Pick<BotContext, "painter" | "webhookRest">,
  interaction: Answerable,
  mode: AnswerMode,
  work: () => Promise<AnswerPayload> | AnswerPayload,
): Promise<void> {
  const pending: { defer: Promise<unknown> | null } = { defer: null };
  const source = fromMessage(interaction, mode);
  const clicked = source?.message ?? null;
  const update = mode === "update" && clicked !== null;
  const defer = () => {
    if (pending.defer) return;
    pending.defer =
      update && source
        ? source.deferUpdate()
        : interaction.deferReply(mode === "ephemeral" ? { flags: MessageFlags.Ephemeral } : {});
  };
  if (Date.now() - interaction.createdTimestamp > LATE_ARRIVAL_MS) defer();
  const timer = setTimeout(defer, DEFER_AFTER_MS);
  let body: MessageBody;
  try {
    const payload = await work();
    const links = picturesInReach(clicked, payload.pictures, payload.elsewhere ?? []);
    const uploads = payload.pictures.filter((p) => !links.has(p.name));
    const own = clicked?.attachments;
    const kept =
      update &&
      own !== undefined &&
      uploads.length === own.size &&
      uploads.every((p) => own.some((a) => a.name === p.name));
    // Behind other players' pictures this one is not ready soon: acknowledge at once.
    if (!kept && ctx.painter.wouldWait(uploads)) defer();
    // A message laid out with Components V2 stays so (Discord never takes the flag off).
    const v2 = payload.pictures.length > 0 || (update && clicked.flags.has(MessageFlags.IsComponentsV2));
    body = messageBody(payload, links, kept ? null : await drawFiles(ctx.painter, uploads, "panel"), v2);
  } finally {
    clearTimeout(timer);
  }
  // An edit lists the attachments to keep: none when new files replace them, all when none come.
  const replaced = body.files ? { attachments: [] } : {};
  if (pending.defer) {
    await pending.defer;
    await editOriginal(ctx.webhookRest, interaction, { ...body, ...replaced });
  } else if (update && source) {
    await source.update({ ...body, ...replaced });
  } else {
    const flags = ("flags" in body ? body.flags : 0) | (mode === "ephemeral" ? MessageFlags.Ephemeral : 0);
    await interaction.reply({ ...body, flags });
  }
}

/**
 * The message an interaction came from: a clicked component's, or, for an update, that of the
 * component that opened the submitted dialog (the dialog's answer updates that message in place).
 */
function fromMessage(
  interaction: Answerable,
  mode: AnswerMode,
): ButtonInteraction | StringSelectMenuInteraction | ModalMessageModalSubmitInteraction | null {
  if (interaction.isMessageComponent()) return interaction;
  return mode === "update" && interaction.isModalSubmit() && interaction.isFromMessage() ? interaction : null;
}

/**
 * The pictures of an answer that the clicked message or `elsewhere` already shows, by file name →
 * address: a table's own picture (its file names the picture, `showsPicture`), or one the message
 * shows by address itself (a panel opened from that table).
 */
function picturesInReach(
  clicked: Message | null,
  pictures: readonly Picture[],
  elsewhere: readonly ShownFile[],
): Map<string, string> {
  const files = [
    ...(clicked?.attachments.map((a) => ({ filename: a.name, url: a.url })) ?? []),
    ...(clicked ? linkedPictures(clicked.components.map((c) => c.toJSON())) : []),
    ...elsewhere,
  ];
  const links = new Map<string, string>();
  for (const picture of pictures) {
    const shown = files.find((file) => showsPicture(file.filename, picture));
    if (shown) links.set(picture.name, shown.url);
  }
  return links;
}

/**
 * Fills in a deferred answer. Discord does not count interaction webhooks against the bot's global
 * rate limit, but discord.js's shared REST queue does: under load a deferred answer would wait
 * behind every table post. Its own queue keeps answers quick while tables take their turn.
 */
async function editOriginal(
  rest: REST,
  interaction: Answerable,
  body: MessageBody & { attachments?: never[] },
) {
  const { body: json, files } = await MessagePayload.create(interaction.webhook, body)
    .resolveBody()
    .resolveFiles();
  await rest.patch(Routes.webhookMessage(interaction.applicationId, interaction.token, "@original"), {
    body: json,
    files: files as RawFile[],
    auth: false,
  });
}

type MessageBody = ReturnType<typeof discordMessage> & {
  allowedMentions: { parse: [] };
  files?: DrawnFile[];
};

/**
 * Without files (null), an edited message keeps the pictures it shows; `links` shows pictures by
 * the address of a file another message has (by picture name).
 */
function messageBody(
  payload: Payload,
  links: ReadonlyMap<string, string>,
  files: DrawnFile[] | null,
  v2: boolean,
): MessageBody {
  return {
    ...discordMessage(
      {
        content: payload.content,
        pictures: payload.pictures.map((p) => {
          const url = links.get(p.name);
          return { name: p.name, alt: p.alt, ...(url === undefined ? {} : { url }) };
        }),
        ...(payload.notice ? { notice: payload.notice } : {}),
        components: payload.components,
      },
      v2,
    ),
    allowedMentions: { parse: [] },
    ...(files ? { files } : {}),
  };
}

/** A picture as an attachment: its PNG, its file name and its alt text (Discord's `description`). */
export interface DrawnFile {
  attachment: Buffer;
  name: string;
  description: string;
}

/** The attachments of a payload's pictures, drawn by the render pool (or taken from its cache). */
export async function drawFiles(
  painter: Painter,
  pictures: readonly Picture[],
  urgency: Urgency,
): Promise<DrawnFile[]> {
  const pngs = await Promise.all(pictures.map((p) => painter.draw(p, urgency)));
  return pictures.map((p, i) => ({ attachment: pngs[i] as Buffer, name: p.name, description: p.alt }));
}

export function textPayload(content: string): Payload {
  return { content, pictures: [], components: [] };
}

/** Discord refuses a message content longer than this. */
export const CONTENT_LIMIT = 2000;

/** A text longer than one message holds (rules, help) goes out in parts, cut between lines. */
export function messageParts(text: string, limit = CONTENT_LIMIT): string[] {
  const parts: string[] = [];
  let current = "";
  for (const line of text.split("\n")) {
    const joined = current ? `${current}\n${line}` : line;
    if (joined.length <= limit) current = joined;
    else {
      if (current) parts.push(current);
      current = line.slice(0, limit);
    }
  }
  if (current) parts.push(current);
  return parts;
}

/** Answers privately with the first part; the others follow as private messages of their own. */
export async function answerInParts(
  ctx: Pick<BotContext, "painter" | "webhookRest">,
  interaction: ChatInputCommandInteraction,
  parts: readonly string[],
): Promise<void> {
  const [first, ...rest] = parts;
  await answer(ctx, interaction, "ephemeral", () => textPayload(first ?? ""));
  for (const part of rest) {
    await interaction.followUp({
      content: part,
      flags: MessageFlags.Ephemeral,
      allowedMentions: { parse: [] },
    });
  }
}
