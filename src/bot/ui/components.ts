import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  type MessageActionRowComponentBuilder,
  StringSelectMenuBuilder,
} from "discord.js";
import { gameCustomId } from "../customId.js";
import type { TableRef } from "./types.js";

/** Small builders shared by every game's panel, so each UI module states only its choices. */
export type Row = ActionRowBuilder<MessageActionRowComponentBuilder>;

export interface ButtonSpec {
  action: string;
  args?: (string | number)[];
  label: string;
  style?: ButtonStyle;
  disabled?: boolean;
}

export function buttonRow(ref: TableRef, buttons: ButtonSpec[]): Row {
  return new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(
    buttons.slice(0, 5).map((b) =>
      new ButtonBuilder()
        .setCustomId(gameCustomId(ref.gameId, ref.version, b.action, ...(b.args ?? [])))
        .setLabel(b.label.slice(0, 80))
        .setStyle(b.style ?? ButtonStyle.Secondary)
        .setDisabled(b.disabled ?? false),
    ),
  );
}

/** Buttons in rows of five (Discord's limit per row). */
export function buttonRows(ref: TableRef, buttons: ButtonSpec[]): Row[] {
  const rows: Row[] = [];
  for (let i = 0; i < buttons.length; i += 5) rows.push(buttonRow(ref, buttons.slice(i, i + 5)));
  return rows;
}

export interface SelectOption {
  value: string;
  label: string;
  description?: string;
  default?: boolean;
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
  const menu = new StringSelectMenuBuilder()
    .setCustomId(gameCustomId(ref.gameId, ref.version, action, ...args))
    .setPlaceholder(placeholder.slice(0, 150))
    .setMinValues(Math.min(range.min ?? 1, shown.length))
    .setMaxValues(Math.min(range.max ?? 1, shown.length))
    .addOptions(
      shown.map((o) => ({
        value: o.value,
        label: o.label.slice(0, 100),
        ...(o.description ? { description: o.description.slice(0, 100) } : {}),
        ...(o.default ? { default: true } : {}),
      })),
    );
  return new ActionRowBuilder<MessageActionRowComponentBuilder>().addComponents(menu);
}
