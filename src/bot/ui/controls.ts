/**
 * The controls of a message in the kit's own terms: games, lobby and table describe buttons and
 * select menus here, and only `discordRows` (components.ts, called where a message is sent) turns
 * them into discord.js components.
 */

/** How a button looks: the main action, a neutral one, a go-ahead, one that ends or hurts something. */
export type ButtonStyle = "primary" | "secondary" | "success" | "danger";

export interface Button {
  customId: string;
  label: string;
  style: ButtonStyle;
  /** A unicode emoji shown before the label. */
  emoji?: string;
  /** Left out: the button is enabled, and Discord is told nothing. */
  disabled?: boolean;
}

export interface SelectOption {
  value: string;
  label: string;
  description?: string;
  default?: boolean;
}

export interface Select {
  customId: string;
  placeholder: string;
  minValues: number;
  maxValues: number;
  options: SelectOption[];
}

/** One row of a message: up to five buttons, or one select menu alone (Discord's layout rules). */
export type Row = { kind: "buttons"; buttons: Button[] } | { kind: "select"; select: Select };

/** A game's button, named by its action (and arguments) rather than by a whole custom_id. */
export interface ButtonSpec {
  action: string;
  args?: (string | number)[];
  label: string;
  style?: ButtonStyle;
  disabled?: boolean;
}
