import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle as DiscordButtonStyle,
  MediaGalleryBuilder,
  type MessageActionRowComponentBuilder,
  MessageFlags,
  StringSelectMenuBuilder,
  TextDisplayBuilder,
} from "discord.js";
import type { Button, ButtonSpec, ButtonStyle, Row, Select, SelectOption } from "./controls.js";
import { gameCustomId } from "./customId.js";
import type { TableRef } from "./types.js";

/**
 * Small builders shared by every game's panel, so each UI module states only its choices, and the
 * one way from the kit's rows to discord.js components: the only module under `ui/` that knows discord.js.
 */

export function buttonRow(ref: TableRef, buttons: ButtonSpec[]): Row {
  return {
    kind: "buttons",
    buttons: buttons.slice(0, 5).map((b) => ({
      customId: gameCustomId(ref.gameId, ref.version, b.action, ...(b.args ?? [])),
      label: b.label.slice(0, 80),
      style: b.style ?? "secondary",
      disabled: b.disabled ?? false,
    })),
  };
}

/** Buttons in rows of five (Discord's limit per row). */
export function buttonRows(ref: TableRef, buttons: ButtonSpec[]): Row[] {
  const rows: Row[] = [];
  for (let i = 0; i < buttons.length; i += 5) rows.push(buttonRow(ref, buttons.slice(i, i + 5)));
  return rows;
}

export function selectRow(
  ref: TableRef,
  action: string,
  placeholder: string,
  options: SelectOption[],
  range: { min?: number; max?: number } = {},
  args: (string | number)[] = [],
): Row {
  const shown = options.slice(0, 25);
  return {
    kind: "select",
    select: {
      customId: gameCustomId(ref.gameId, ref.version, action, ...args),
      placeholder: placeholder.slice(0, 150),
      minValues: Math.min(range.min ?? 1, shown.length),
      maxValues: Math.min(range.max ?? 1, shown.length),
      options: shown.map((o) => ({
        value: o.value,
        label: o.label.slice(0, 100),
        ...(o.description ? { description: o.description.slice(0, 100) } : {}),
        ...(o.default ? { default: true } : {}),
      })),
    },
  };
}

const DISCORD_STYLES: Record<ButtonStyle, DiscordButtonStyle> = {
  primary: DiscordButtonStyle.Primary,
  secondary: DiscordButtonStyle.Secondary,
  success: DiscordButtonStyle.Success,
  danger: DiscordButtonStyle.Danger,
};

function discordButton(button: Button): ButtonBuilder {
  const built = new ButtonBuilder().setCustomId(button.customId).setLabel(button.label);
  if (button.emoji !== undefined) built.setEmoji(button.emoji);
  built.setStyle(DISCORD_STYLES[button.style]);
  if (button.disabled !== undefined) built.setDisabled(button.disabled);
  return built;
}

function discordSelect(select: Select): StringSelectMenuBuilder {
  return new StringSelectMenuBuilder()
    .setCustomId(select.customId)
    .setPlaceholder(select.placeholder)
    .setMinValues(select.minValues)
    .setMaxValues(select.maxValues)
    .addOptions(select.options.map((o) => ({ ...o })));
}

/** A row as discord.js components, for a message about to be sent or edited. */
export function discordRow(row: Row): ActionRowBuilder<MessageActionRowComponentBuilder> {
  return new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
    row.kind === "buttons" ? row.buttons.map(discordButton) : [discordSelect(row.select)],
  );
}

export function discordRows(rows: readonly Row[]): ActionRowBuilder<MessageActionRowComponentBuilder>[] {
  return rows.map(discordRow);
}

/** Discord's limits: a plain message's content, and all text displays of a Components V2 message together. */
const CONTENT_LIMIT = 2000;
const TEXT_DISPLAYS_LIMIT = 4000;

/** What a message says and shows, in the order a reader meets it. */
export interface MessageParts {
  /** The lines above the picture (what happened, the state of play). */
  content: string;
  /**
   * The picture(s), each an attachment of the message by file name, or shown from another
   * message by its file's address (`url`), with its alt text.
   */
  pictures: readonly { name: string; alt: string; url?: string }[];
  /** The lines after the picture, beside the controls (a refusal, a hint, who must act). */
  notice?: string;
  components: readonly Row[];
}

export type DiscordComponent =
  | TextDisplayBuilder
  | MediaGalleryBuilder
  | ActionRowBuilder<MessageActionRowComponentBuilder>;

/**
 * A message with a picture is laid out with Discord's Components V2: its text, then the picture,
 * then the notice and the controls, so what a button changes shows beside it and a long picture
 * never pushes the notice out of sight. A message of words only stays a plain message (content and
 * rows), unless it replaces one laid out so (`v2`): Discord never takes that flag off a message.
 */
export function discordMessage(
  parts: MessageParts,
  v2 = parts.pictures.length > 0,
):
  | { content: string; components: DiscordComponent[] }
  | { content: ""; components: DiscordComponent[]; flags: MessageFlags.IsComponentsV2 } {
  if (!v2) {
    const content = [parts.content, parts.notice ?? ""].filter((t) => t !== "").join("\n");
    return { content: content.slice(0, CONTENT_LIMIT), components: discordRows(parts.components) };
  }
  const notice = (parts.notice ?? "").slice(0, TEXT_DISPLAYS_LIMIT / 2);
  const content = parts.content.slice(0, TEXT_DISPLAYS_LIMIT - notice.length);
  const components: DiscordComponent[] = [];
  if (content !== "") components.push(new TextDisplayBuilder().setContent(content));
  if (parts.pictures.length > 0)
    components.push(
      new MediaGalleryBuilder().addItems(
        parts.pictures.map((p) => ({
          media: { url: p.url ?? `attachment://${p.name}` },
          description: p.alt,
        })),
      ),
    );
  if (notice !== "") components.push(new TextDisplayBuilder().setContent(notice));
  components.push(...discordRows(parts.components));
  // An empty content clears the text of a plain message edited into this layout.
  return { content: "", components, flags: MessageFlags.IsComponentsV2 };
}

/**
 * The pictures a message shows by address (not as its own attachments): each link, its file name
 * and the alt text it is shown with.
 */
export function linkedPictures(
  components: readonly unknown[],
): { url: string; filename: string; alt: string }[] {
  const found: { url: string; filename: string; alt: string }[] = [];
  const visit = (component: unknown) => {
    if (typeof component !== "object" || component === null) return;
    const { items, components: children } = component as { items?: unknown; components?: unknown };
    if (Array.isArray(items))
      for (const item of items) {
        const { media, description } = (item ?? {}) as {
          media?: { url?: unknown; attachment_id?: unknown };
          description?: unknown;
        };
        // A media item that shows the message's own attachment names it.
        if (media?.attachment_id !== undefined) continue;
        const url = media?.url;
        if (typeof url !== "string" || !/^https?:/.test(url)) continue;
        const filename = decodeURIComponent(new URL(url).pathname.split("/").at(-1) ?? "");
        found.push({ url, filename, alt: typeof description === "string" ? description : "" });
      }
    if (Array.isArray(children)) for (const child of children) visit(child);
  };
  for (const component of components) visit(component);
  return found;
}
